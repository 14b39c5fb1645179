import type { FeatureModule } from '@tessera/core';
import { checkMountRemoteOptions, type MountRemoteOptions } from './mount-remote-options';
import { MountedNames } from './mounted-names';
import { mountedProvider } from './mounted-provider';
import { RemoteConnection } from './remote-connection';
import { RemoteMountError } from '../errors/remote-mount.error';
import { readRemoteSurface, type RemoteSurface } from './remote-surface';

/** A remote MCP server, mounted: put `module` in `imports`, and `close()` it when the app closes. */
export interface RemoteMount {
  /** The module serving the remote's surface under the prefix (`mount:<prefix>`). */
  readonly module: FeatureModule;
  /** What the remote listed at start, under its own names. */
  readonly surface: RemoteSurface;
  /** Ends the connection to the remote (a stdio server's process ends with it). */
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
  let provider;
  try {
    provider = mountedProvider(connection, names, surface);
  } catch (cause) {
    await connection.close().catch(() => undefined);
    throw new RemoteMountError(options.prefix, `cannot serve what ${where} lists: ${reason(cause)}`, { cause });
  }
  return {
    module: { name: `mount:${options.prefix}`, providers: [provider] },
    surface,
    close: () => connection.close(),
  };
}

function reason(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
