import { AsyncLocalStorage } from 'node:async_hooks';
import { TesseraClient, type ConnectTarget } from '@tessera/client';
import type { MountRemoteOptions } from './mount-remote-options';

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const DEFAULT_REMOTE_TASK_TIMEOUT_MS = 3_600_000;

/**
 * Called only by a 2025-era remote, which pushes its questions in the middle of a call: the mount answers no
 * question itself, and a stateless mount cannot hold that call open across its caller's rounds.
 */
function passedThrough(): never {
  throw new Error(
    'the remote pushed a question in the middle of the call (2025-era protocol); questions pass through only from a 2026-07-28 remote',
  );
}

/**
 * The mount's one client of the remote. It declares every kind of question (elicitation with URLs, sampling,
 * roots) so the remote may ask what our caller can answer; each leg runs in manual mode, so a question comes
 * back to the mount, which passes it on.
 */
export class RemoteConnection {
  readonly connectTimeoutMs: number;
  readonly callTimeoutMs: number;
  readonly remoteTaskTimeoutMs: number;
  /** The caller's bearer token while one of its calls is forwarded (with `forwardAuth`). */
  private readonly callerToken = new AsyncLocalStorage<string | undefined>();

  private constructor(
    readonly client: TesseraClient,
    readonly options: MountRemoteOptions,
  ) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.remoteTaskTimeoutMs = options.remoteTaskTimeoutMs ?? DEFAULT_REMOTE_TASK_TIMEOUT_MS;
  }

  static async open(options: MountRemoteOptions): Promise<RemoteConnection> {
    const client = new TesseraClient({
      name: `tessera-mount-${options.prefix}`,
      elicitation: { handle: passedThrough, url: true },
      sampling: passedThrough,
      listRoots: passedThrough,
      // the remote may answer with a task (a required task tool is served too); the mount follows it by hand
      // a leg is forwarded once per leg of our caller: our caller's client retries, not us
      legRetry: { maxRetries: 0 },
    });
    const connection = new RemoteConnection(client, options);
    await client.connect(connection.target(), { timeoutMs: connection.connectTimeoutMs });
    return connection;
  }

  /** Runs `send` with the caller's token at hand for the request headers (only with `forwardAuth`). */
  as<T>(token: string | undefined, send: () => Promise<T>): Promise<T> {
    return this.options.forwardAuth === true ? this.callerToken.run(token, send) : send();
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private target(): ConnectTarget {
    const { url, headers, command, args, env, cwd } = this.options;
    if (command !== undefined) {
      return { command, ...(args && { args }), ...(env && { env }), ...(cwd !== undefined && { cwd }) };
    }
    if (this.options.forwardAuth !== true) return { url: url!, ...(headers && { headers }) };
    return { url: url!, ...(headers && { headers }), fetch: (input, init) => this.withCallerToken(input, init) };
  }

  private withCallerToken(input: string | URL, init?: RequestInit): Promise<Response> {
    const token = this.callerToken.getStore();
    const headers = new Headers(init?.headers);
    // the caller's token replaces the mount's own; outside a forwarded call (listing) the mount's stays
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  }
}
