/**
 * A time setting of the Node faces (`listen`, `stopOnSignals`), checked when it is given rather than
 * misbehaving at the first stop: a finite number of milliseconds above zero, else an error naming where.
 */
export function positiveMilliseconds(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(
      `${where} must be a positive number of milliseconds, got ${typeof value === 'number' ? value : JSON.stringify(value)}`,
    );
  }
  return value;
}

/** A delay that may be off: a finite number of milliseconds, zero or more, else an error naming where. */
export function zeroOrMoreMilliseconds(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(
      `${where} must be zero or a positive number of milliseconds, got ${typeof value === 'number' ? value : JSON.stringify(value)}`,
    );
  }
  return value;
}
