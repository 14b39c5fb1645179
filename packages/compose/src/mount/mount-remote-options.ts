import { oneOfProblem, optionsProblem } from '@tessera/common';
import { InvalidConfigurationError } from '@tessera/core';

/** How and where a remote MCP server is mounted; exactly one of `url` (Streamable HTTP) or `command` (stdio). */
export interface MountRemoteOptions {
  /**
   * Prepended to every name the remote lists, with `_` between (`billing` + `charge` = `billing_charge`), and
   * put before the path of its resource URIs (`invoices://7` = `invoices://billing/7`). Letters, digits, `_`, `.`
   * and `-`, the characters a tool name may hold.
   */
  prefix: string;
  /** The remote's Streamable HTTP endpoint. */
  url?: string | URL;
  /** Sent on every request to `url` (e.g. the mount's own `Authorization`). */
  headers?: Record<string, string>;
  /** A server started as a child process and spoken to over stdio. */
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /**
   * Send each caller's bearer token on to the remote with its forwarded call (`Authorization: Bearer ...`, in
   * place of one in `headers`). Off by default: the remote sees the mount's own credentials only. Turn it on
   * only for a remote that trusts the same issuer and audience as this server (HTTP only).
   */
  forwardAuth?: boolean;
  /**
   * Remote tools (by the remote's name) served as tasks of this server, with their task support: a caller that
   * declares the Tasks extension gets a task of ours at once and follows it with `tasks/get`; the remote's
   * own task, its questions and its result pass through it. The listing does not say which remote tools are
   * task tools, so name them here; any other is served inline (a remote task is still followed inside the call).
   */
  taskTools?: Record<string, 'optional' | 'required'>;
  /** Limit for the connection and the first listing at start; default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Limit per forwarded leg; default 60 000 ms. */
  callTimeoutMs?: number;
  /**
   * Limit on following a remote task within one leg of a call (until it ends or asks a question); default
   * 3 600 000 ms (an hour). Past it the remote task is cancelled and the call fails, naming the mount.
   */
  remoteTaskTimeoutMs?: number;
}

const KNOWN = {
  prefix: true,
  url: true,
  headers: true,
  command: true,
  args: true,
  env: true,
  cwd: true,
  forwardAuth: true,
  taskTools: true,
  connectTimeoutMs: true,
  callTimeoutMs: true,
  remoteTaskTimeoutMs: true,
} as const satisfies Record<keyof MountRemoteOptions, true>;

const PREFIX = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Refuses, before anything connects, options that cannot describe one mount. */
export function checkMountRemoteOptions(options: MountRemoteOptions): void {
  const where = 'mountRemote(options)';
  const problem =
    optionsProblem(options, KNOWN, where) ??
    (typeof options.prefix !== 'string' || !PREFIX.test(options.prefix)
      ? `${where}: prefix must be 1 to 64 letters, digits, "_", "." or "-" (starting with a letter or digit), got ${JSON.stringify(options.prefix)}.`
      : undefined) ??
    ((options.url === undefined) === (options.command === undefined)
      ? `${where} for "${options.prefix}": give exactly one of url (Streamable HTTP) or command (stdio).`
      : undefined) ??
    (options.command !== undefined && options.headers !== undefined
      ? `${where} for "${options.prefix}": headers apply to url only; a stdio server takes env.`
      : undefined) ??
    (options.forwardAuth !== undefined
      ? oneOfProblem(options.forwardAuth, [true, false], `${where}: forwardAuth`)
      : undefined) ??
    (options.forwardAuth === true && options.command !== undefined
      ? `${where} for "${options.prefix}": forwardAuth needs url; a stdio server has no per-call headers.`
      : undefined) ??
    taskToolsProblem(options.taskTools, `${where}: taskTools`) ??
    timeoutProblem(options.connectTimeoutMs, `${where}: connectTimeoutMs`) ??
    timeoutProblem(options.callTimeoutMs, `${where}: callTimeoutMs`) ??
    timeoutProblem(options.remoteTaskTimeoutMs, `${where}: remoteTaskTimeoutMs`);
  if (problem !== undefined) throw new InvalidConfigurationError(problem);
}

function timeoutProblem(value: number | undefined, where: string): string | undefined {
  if (value === undefined || (Number.isFinite(value) && value > 0)) return undefined;
  return `${where} must be a positive number of milliseconds, got ${String(value)}.`;
}

function taskToolsProblem(value: MountRemoteOptions['taskTools'], where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `${where} must map remote tool names to 'optional' or 'required'.`;
  for (const [name, support] of Object.entries(value)) {
    const problem = oneOfProblem(support, ['optional', 'required'], `${where}.${name}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
