import { isTerminalStatus, type StoredTask } from './stored-task';
import type { AnswerOutcome, CancelOutcome, TaskChange } from './task-store';

/*
 * The task store's read-modify-write rules as pure functions on a record, one set for every store: the
 * in-memory store applies them to its map, a shared one (Redis) reads a record, applies one, and writes the
 * result back only if nobody wrote in between. They are the `TaskStore` contract's update, answer and cancel
 * rules (checked for each store by the same contract test). The record passed in is never changed.
 */

/** `update`: the changed record, or undefined when the task is terminal (terminal is final). */
export function applyTaskChange(task: StoredTask, change: TaskChange, now: number): StoredTask | undefined {
  if (isTerminalStatus(task.status)) return undefined;
  const next = structuredClone(task);
  if (change.status !== undefined) next.status = change.status;
  if (change.statusMessage === null) delete next.statusMessage;
  else if (change.statusMessage !== undefined) next.statusMessage = change.statusMessage;
  if (change.inputRequests === null) delete next.inputRequests;
  else if (change.inputRequests !== undefined) next.inputRequests = structuredClone(change.inputRequests);
  if (change.consumedResponses && next.inputResponses) {
    for (const key of change.consumedResponses) delete next.inputResponses[key];
    if (Object.keys(next.inputResponses).length === 0) delete next.inputResponses;
  }
  if (change.progress !== undefined) next.progress = structuredClone(change.progress);
  if (change.result !== undefined) next.result = structuredClone(change.result);
  if (change.error !== undefined) next.error = structuredClone(change.error);
  if (isTerminalStatus(next.status)) clearPending(next);
  next.lastUpdatedAt = now;
  return next;
}

/** `answer` on a task that exists for this owner: the outcome, and the record to write when it changed. */
export function answerTask(
  task: StoredTask,
  responses: Record<string, unknown>,
  now: number,
): { outcome: AnswerOutcome; write?: StoredTask } {
  const pending = task.inputRequests;
  if (task.status !== 'input_required' || !pending) return { outcome: { kind: 'not-waiting', task } };
  const accepted = Object.keys(responses).filter((key) => Object.hasOwn(pending, key));
  if (accepted.length === 0) return { outcome: { kind: 'recorded', task, accepted, resume: false } };
  const next = structuredClone(task);
  const stillPending = next.inputRequests!;
  const received = (next.inputResponses ??= {});
  for (const key of accepted) {
    received[key] = structuredClone(responses[key]);
    delete stillPending[key];
  }
  const resume = Object.keys(stillPending).length === 0;
  if (resume) {
    next.status = 'working';
    delete next.inputRequests;
  }
  next.lastUpdatedAt = now;
  return { outcome: { kind: 'recorded', task: next, accepted, resume }, write: next };
}

/** `cancel` on a task that exists for this owner. */
export function cancelTask(task: StoredTask, now: number): { outcome: CancelOutcome; write?: StoredTask } {
  if (isTerminalStatus(task.status)) return { outcome: { kind: 'already-terminal', task } };
  const next = structuredClone(task);
  next.status = 'cancelled';
  clearPending(next);
  next.lastUpdatedAt = now;
  return { outcome: { kind: 'cancelled', task: next }, write: next };
}

/** A terminal task keeps no questions, answers or step progress: only its outcome. */
function clearPending(task: StoredTask): void {
  delete task.inputRequests;
  delete task.inputResponses;
  delete task.progress;
}
