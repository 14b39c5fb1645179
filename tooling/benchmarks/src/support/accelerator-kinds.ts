import type { ServerKind } from '../http-server';

/**
 * The server kinds that run with every accelerator of `@tessera/core` off (`-plain`): the same server, started
 * with `TESSERA_ACCELERATORS=off` in its environment, so the bench prints each stack with its accelerators on and
 * off in one run.
 */
export const acceleratorsOffKind = (kind: ServerKind | string): boolean => kind.endsWith('-plain');

/** A server child's environment: the bench's own, with the accelerators off for a `-plain` kind and on otherwise. */
export function serverEnv(kind: ServerKind, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { TESSERA_ACCELERATORS: _inherited, ...rest } = env;
  return acceleratorsOffKind(kind) ? { ...rest, TESSERA_ACCELERATORS: 'off' } : rest;
}
