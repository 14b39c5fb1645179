import type { RecordedOutcome } from './resolver-state';

/** A checked answer: what to record, and what the parameter receives; or why the answer is refused. */
export type ReadAnswer =
  { ok: true; action: RecordedOutcome['action']; data?: unknown; value: unknown } | { ok: false; reason: string };
