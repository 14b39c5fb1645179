import type { Class, FeatureModule, TesseraApp } from '@tessera/core';
import { checkMountRemoteOptions, type MountRemoteOptions } from './mount-remote-options';
import { MountedNames } from './mounted-names';
import { mountedProvider } from './mounted-provider';
import { RemoteConnection } from './remote-connection';
import { RemoteMountError } from '../errors/remote-mount.error';
import { RemoteChanges } from './remote-changes';
import { readRemoteSurface, type RemoteSurface } from './remote-surface';

/** A remote MCP server, mounted: put `module` in `imports`, and `close()` it when the app closes. */
export interface RemoteMount {
  /** The module serving the remote's surface under the prefix (`mount:<prefix>`). */
  readonly module: FeatureModule;
  /** What the remote lists, under its own names: read at start, and again on each change once followed. */
  readonly surface: RemoteSurface;
  /**
   * Keeps `app` in step with the remote: each `list_changed` it sends rereads its surface and swaps the mount's
   * provider in one checked change (`app.replaceProvider`), so `app` raises its own `list_changed` (through its
   * `events` bus). Call it once, after `createApp`. A reread that fails keeps the surface as it was and goes to
   * `onError` (default: a process warning naming the mount); the next change tries again.
   */
  follow(app: TesseraApp, onError?: (error: unknown) => void): Promise<void>;
  /** Ends the connection to the remote (a stdio server's process ends with it), and any following. */
  close(): Promise<void>;
}

/**
 * Connects to a remote MCP server and lists everything it serves, then returns a module whose provider
 * forwards each of those tools, prompts, resources and templates under `prefix`. Await it before `createApp`:
 * a remote that cannot be reached or listed at start fails here with `RemoteMountError`, naming the mount.
 */
export async function mountRemote(options: MountRemoteOptions): Promise<RemoteMount> {
  checkMountRemoteOptions(options);
  const names = new MountedNames(options.prefix);
  const where = options.url !== undefined ? String(options.url) : `command ${JSON.stringify(options.command)}`;
  let connection: RemoteConnection;
  try {
    connection = await RemoteConnection.open(options);
  } catch (cause) {
    throw new RemoteMountError(options.prefix, `could not connect to the MCP server at ${where}: ${reason(cause)}`, {
      cause,
    });
  }
  let surface: RemoteSurface;
  try {
    surface = await readRemoteSurface(connection.client, connection.connectTimeoutMs);
  } catch (cause) {
    await connection.close().catch(() => undefined);
    throw new RemoteMountError(options.prefix, `could not list what ${where} serves: ${reason(cause)}`, { cause });
  }
  let provider: Class;
  try {
    provider = mountedProvider(connection, names, surface);
  } catch (cause) {
    await connection.close().catch(() => undefined);
    throw new RemoteMountError(options.prefix, `cannot serve what ${where} lists: ${reason(cause)}`, { cause });
  }
  let changes: RemoteChanges | undefined;
  let reread = surface;
  return {
    module: { name: `mount:${options.prefix}`, providers: [provider] },
    get surface() {
      return surface;
    },
    async follow(app, onError = (error) => warn(options.prefix, error)) {
      if (changes !== undefined) throw new RemoteMountError(options.prefix, 'follow() was already called');
      const rebuild = async (): Promise<Class> => {
        reread = await readRemoteSurface(connection.client, connection.callTimeoutMs);
        return mountedProvider(connection, names, reread);
      };
      changes = new RemoteChanges(connection, rebuild, onError);
      await changes.follow(
        app,
        () => provider,
        (next) => {
          provider = next;
          surface = reread;
        },
      );
    },
    async close() {
      await changes?.close();
      await connection.close();
    },
  };
}

function warn(prefix: string, error: unknown): void {
  process.emitWarning(`mount "${prefix}": the remote's surface could not be reread: ${reason(error)}`);
}

function reason(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
