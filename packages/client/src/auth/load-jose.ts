/** jose, the JOSE library keys, proofs and assertions are read with. */
export type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });

let loaded: Jose | undefined;

/**
 * jose is published as ES modules only and this package is CommonJS, so it is required on first use (Node 20.19
 * and later load ES modules with `require`); a client that never uses OAuth extensions never loads it.
 */
export function loadJose(): Jose {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('jose') as Jose);
}
