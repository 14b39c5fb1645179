/**
 * Work over a large body, cut into slices: a generator that yields between slices of about
 * SLICE_BYTES, so a caller can give the event loop a turn in between (other requests are read and
 * answered) instead of holding it for the whole body.
 */
export type Steps<T> = Generator<void, T, void>;

/** Bytes between two yields: well under a millisecond of scanning, even of dense keys on a loaded machine. */
export const SLICE_BYTES = 32 * 1024;

/** Runs every slice at once (small inputs, tests). */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

// setImmediate runs after pending I/O (Node, Bun); elsewhere a timer does the same, a little later
const nextTurn: (resume: () => void) => void =
  typeof setImmediate === 'function' ? (resume) => setImmediate(resume) : (resume) => setTimeout(resume, 0);

/** Runs the slices with a turn of the event loop between each two. */
export async function runYielding<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>(nextTurn);
  }
}
