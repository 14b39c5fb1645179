import { ProtocolError, type ClientCapabilities, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { isJsonObject } from '../types/json-object';
import { isWellFormedTaskId } from './task-id';
import type { StoredTask } from './stored-task';
import type { AnswerOutcome } from './task-store';
import { reachTaskStore } from './task-store-outage';
import type { TaskRuntime } from './task-runtime';
import { getTaskResult } from './task-wire';
import { declaresTasks, tasksCapabilityMissing } from './tasks-extension';

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** The most answers one `tasks/update` may carry, and their most bytes (as JSON) all told. */
export const MAX_UPDATE_RESPONSES = 64;
export const MAX_UPDATE_BYTES = 1024 * 1024;

type Params = Record<string, unknown>;

/** Any params object: the handlers below check the fields themselves, to name what is wrong. */
const anyParams = {
  '~standard': {
    version: 1 as const,
    vendor: 'tessera',
    types: undefined as unknown as { input: Params; output: Params },
    validate: (value: unknown) =>
      isJsonObject(value) ? { value } : { issues: [{ message: 'params must be an object' }] },
  },
};

/**
 * `tasks/get`, `tasks/update` and `tasks/cancel` on one SDK server. Each needs the Tasks extension declared on
 * the request (-32021 otherwise). A task id that is malformed, unknown, expired or another caller's gets
 * one answer, -32602 "Task not found", so nothing tells them apart.
 */
export function registerTaskMethods(server: Server, tasks: TaskRuntime): void {
  server.setRequestHandler('tasks/get', { params: anyParams }, async (params, ctx) => {
    const { taskId, owner, task: loaded } = await admit('tasks/get', params, ctx, server, tasks);
    const task = loaded ?? (await reach(tasks, 'tasks/get', taskId, () => tasks.store.get(taskId, owner)));
    if (!task) throw notFound();
    return getTaskResult(await reach(tasks, 'tasks/get', taskId, () => tasks.endIfToolGone(task))) as never;
  });

  server.setRequestHandler('tasks/update', { params: anyParams }, async (params, ctx) => {
    const { taskId, owner } = await admit('tasks/update', params, ctx, server, tasks);
    // the SDK lifts the multi-round-trip fields out of params into the request context, sorted into the
    // entries that are answers and the keys of those that are not
    const dropped = (ctx.mcpReq as { droppedInputResponseKeys?: string[] }).droppedInputResponseKeys;
    const responses = readResponses(ctx.mcpReq.inputResponses ?? params.inputResponses, dropped ?? []);
    const outcome = await reach(tasks, 'tasks/update', taskId, () => tasks.store.answer(taskId, owner, responses));
    if (outcome.kind === 'unknown') throw notFound();
    // a tool removed or switched off while the task waited: the task fails now, whatever the answers
    await reach(tasks, 'tasks/update', taskId, () => tasks.endIfToolGone(outcome.task));
    if (schedulesStep(outcome, responses))
      await reach(tasks, 'tasks/update', taskId, () => tasks.queue.enqueue(taskId));
    // answers for keys not outstanding (never issued, already answered, or the task is over) are ignored
    return { resultType: 'complete' } as never;
  });

  server.setRequestHandler('tasks/cancel', { params: anyParams }, async (params, ctx) => {
    const { taskId, owner } = await admit('tasks/cancel', params, ctx, server, tasks);
    const outcome = await reach(tasks, 'tasks/cancel', taskId, () => tasks.store.cancel(taskId, owner));
    if (outcome.kind === 'unknown') throw notFound();
    if (outcome.kind === 'cancelled') await reach(tasks, 'tasks/cancel', taskId, () => tasks.queue.abort(taskId));
    return { resultType: 'complete' } as never;
  });
}

/**
 * The request's task id and the owner it acts as. With a principal rule the owner depends on the task (the
 * rule reads its call), so the task is loaded first: one that is not the caller's is not found, as any other.
 */
async function admit(
  method: string,
  params: Record<string, unknown>,
  ctx: ServerContext,
  server: Server,
  tasks: TaskRuntime,
): Promise<{ taskId: string; owner: string; task?: StoredTask }> {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities =
    (envelope?.[CAPABILITIES_KEY] as ClientCapabilities | undefined) ?? server.getClientCapabilities();
  if (!declaresTasks(capabilities)) {
    const missing = tasksCapabilityMissing(method);
    throw new ProtocolError(JsonRpcCode.MissingRequiredClientCapability, missing.message, missing.data);
  }
  if (typeof params.taskId !== 'string')
    throw new ProtocolError(JsonRpcCode.InvalidParams, `${method}: params.taskId must be a string.`);
  if (!isWellFormedTaskId(params.taskId)) throw notFound();
  const taskId = params.taskId;
  if (!tasks.ownership.hasRule) return { taskId, owner: tasks.ownership.ofAuth(ctx.http?.authInfo) };
  const task = await reach(tasks, method, taskId, () => tasks.store.load(taskId));
  if (!task || !tasks.ownership.owns(task, ctx)) throw notFound();
  return { taskId, owner: task.owner, task };
}

/** The store's or queue's work for one request; an outage is the retryable -31503 (`reachTaskStore`). */
function reach<T>(tasks: TaskRuntime, method: string, taskId: string, work: () => Promise<T>): Promise<T> {
  return reachTaskStore(tasks.logger, { method, target: taskId }, work);
}

/**
 * Whether this update schedules the task's next step: it answered the last outstanding question, or it sends
 * again answers that did (still unread by any step: the first send's scheduling may have failed with the
 * store). A step that finds nothing to do does nothing, so scheduling one twice changes nothing.
 */
function schedulesStep(outcome: AnswerOutcome, responses: Record<string, unknown>): boolean {
  if (outcome.kind === 'recorded') return outcome.resume;
  if (outcome.kind !== 'not-waiting' || outcome.task.status !== 'working') return false;
  const unread = outcome.task.inputResponses ?? {};
  return Object.keys(responses).some((key) => Object.hasOwn(unread, key));
}

/**
 * One answer for every task the caller cannot reach, so ids cannot be probed; it names every cause, a task
 * the store lost (a Redis restarted without persistence) among them: such a task has ended, not stalled.
 */
function notFound(): ProtocolError {
  return new ProtocolError(
    JsonRpcCode.InvalidParams,
    'Task not found (unknown, expired, not yours, or lost by the task store): it will not complete.',
  );
}

/**
 * `inputResponses`: an object of answer objects, bounded in count and size; what each answer says is checked
 * by its question when the task resumes (a bad one is asked again). The SDK has already set aside entries
 * that are no answer object (a string, a wrapped `{method, result}`): they are refused here by key.
 */
function readResponses(raw: unknown, dropped: readonly string[]): Record<string, unknown> {
  if (!isJsonObject(raw))
    throw new ProtocolError(
      JsonRpcCode.InvalidParams,
      'tasks/update: params.inputResponses must be an object keyed like the inputRequests it answers.',
    );
  if (dropped.length > 0)
    throw new ProtocolError(
      JsonRpcCode.InvalidParams,
      `tasks/update: inputResponses[${dropped.map((k) => JSON.stringify(k)).join(', ')}] must each be a bare result object (an elicitation, sampling or roots result).`,
    );
  const keys = Object.keys(raw);
  if (keys.length > MAX_UPDATE_RESPONSES)
    throw new ProtocolError(
      JsonRpcCode.InvalidParams,
      `tasks/update: at most ${MAX_UPDATE_RESPONSES} inputResponses at once, got ${keys.length}.`,
    );
  const bytes = new TextEncoder().encode(JSON.stringify(raw)).length;
  if (bytes > MAX_UPDATE_BYTES)
    throw new ProtocolError(
      JsonRpcCode.InvalidParams,
      `tasks/update: inputResponses are ${bytes} bytes, over the limit of ${MAX_UPDATE_BYTES}.`,
    );
  return raw;
}
