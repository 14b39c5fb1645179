/**
 * The plaintext inside every sealed `requestState`: either a direct-form handler's own state (`d`)
 * or the dependency resolver's progress (`r`). Both forms never mix in one handler (a compile-time check).
 */
export interface StateEnvelope {
  d?: unknown;
  r?: unknown;
  /** The flow's telemetry mark, beside either form (only with telemetry on). */
  f?: unknown;
}

/** Anything but a plain object opens as "no state", so a hand-made codec cannot confuse the two forms. */
export function readEnvelope(plaintext: unknown): StateEnvelope {
  return typeof plaintext === 'object' && plaintext !== null && !Array.isArray(plaintext)
    ? (plaintext as StateEnvelope)
    : {};
}
