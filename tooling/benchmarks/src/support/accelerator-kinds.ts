import type { ServerKind } from '../http-server';

/**
 * What `TESSERA_ACCELERATORS` a server kind runs with, so the bench prints each accelerator on and off in one run:
 * a `-plain` kind has every accelerator of `@tessera/core` off, a `-no-validation` kind the validation shortcuts
 * only (the lane stays on); every other kind has them all on.
 */
export function acceleratorsEnvOf(kind: ServerKind | string): 'off' | 'off:validation' | undefined {
  if (kind.endsWith('-plain')) return 'off';
  if (kind.endsWith('-no-validation')) return 'off:validation';
  return undefined;
}

/** Whether `kind` runs with every accelerator off. */
export const acceleratorsOffKind = (kind: ServerKind | string): boolean => acceleratorsEnvOf(kind) === 'off';

/** A server child's environment: the bench's own, with the kind's accelerators switch and nothing inherited. */
export function serverEnv(kind: ServerKind, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { TESSERA_ACCELERATORS: _inherited, ...rest } = env;
  const value = acceleratorsEnvOf(kind);
  return value === undefined ? rest : { ...rest, TESSERA_ACCELERATORS: value };
}
