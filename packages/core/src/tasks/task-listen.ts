import {
  CLIENT_CAPABILITIES_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
  type AuthInfo,
  type ClientCapabilities,
  type ProtocolError,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { isJsonObject } from '../types/json-object';
import type { StoredTask } from './stored-task';
import type { TaskRuntime } from './task-runtime';
import { reachTaskStore } from './task-store-outage';
import { detailedTask } from './task-wire';
import { declaresTasks, tasksCapabilityMissing } from './tasks-extension';

/** The most task ids one `subscriptions/listen` filter may name. */
export const MAX_LISTEN_TASK_IDS = 256;

const KEEP_ALIVE_MS = 15_000;
const RESERVED_META_PREFIX = 'io.modelcontextprotocol/';

/**
 * `subscriptions/listen` streams whose filter names `taskIds`: each hears `notifications/tasks` (the
 * detailed task, as `tasks/get` answers it) for every committed change of those tasks, from the task
 * store's change feed, so a change made on any instance sharing the store reaches it. The SDK's listen
 * router knows only its own change kinds, so a filter with `taskIds` is served here instead; its other
 * kinds are not honoured on this stream (the acknowledgement lists `taskIds` alone).
 *
 * A task is reported only to its owner (the same principal binding as `tasks/get`, principal rule included):
 * a listener naming another caller's task id hears nothing of it, just as for an id never issued.
 */
export class TaskListenStreams {
  private readonly open = new Set<(graceful: boolean) => void>();

  constructor(private readonly tasks: TaskRuntime) {}

  /** The answer to `body` if it is a `subscriptions/listen` request with `taskIds`; undefined otherwise. */
  serve(body: unknown, request: Request, authInfo: AuthInfo | undefined): Response | Promise<Response> | undefined {
    if (!isJsonObject(body) || body.method !== 'subscriptions/listen') return undefined;
    const params = isJsonObject(body.params) ? body.params : {};
    const filter = isJsonObject(params.notifications) ? params.notifications : {};
    if (filter.taskIds === undefined) return undefined;
    const id = body.id;
    if (typeof id !== 'string' && typeof id !== 'number') return undefined; // no request: the SDK answers it
    const meta = isJsonObject(params._meta) ? params._meta : {};
    if (!declaresTasks(meta[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)) {
      const missing = tasksCapabilityMissing('subscriptions/listen with notifications.taskIds');
      return rpcError(id, JsonRpcCode.MissingRequiredClientCapability, missing.message, missing.data, 400);
    }
    const ids = filter.taskIds;
    if (!Array.isArray(ids) || !ids.every((t) => typeof t === 'string') || ids.length > MAX_LISTEN_TASK_IDS)
      return rpcError(
        id,
        JsonRpcCode.InvalidParams,
        `subscriptions/listen: params.notifications.taskIds must be an array of at most ${MAX_LISTEN_TASK_IDS} task id strings.`,
      );
    const open = () =>
      this.stream(id, new Set(ids as string[]), this.ownerCheck(id, meta, request, authInfo), request.signal);
    return ids.length === 0 ? open() : this.whenStoreAnswers(id, ids[0] as string, open);
  }

  /**
   * Opens the stream once the store answers a read of a named task: a stream opened while the store is
   * unreachable would hear nothing, so it is refused with the retryable -31503, as every task surface is.
   */
  private async whenStoreAnswers(id: string | number, taskId: string, open: () => Response): Promise<Response> {
    try {
      await reachTaskStore(this.tasks.logger, { method: 'subscriptions/listen', target: taskId }, () =>
        this.tasks.store.load(taskId),
      );
    } catch (error) {
      const refusal = error as ProtocolError;
      return rpcError(id, refusal.code, refusal.message, refusal.data);
    }
    return open();
  }

  /**
   * Whether a change of a task may go to this stream: its owner's, by the same rule as `tasks/get`. With a
   * principal rule each task's owner is checked once, on its first change, against this listen request.
   */
  private ownerCheck(
    id: string | number,
    meta: Record<string, unknown>,
    request: Request,
    authInfo: AuthInfo | undefined,
  ): (task: StoredTask) => boolean {
    const { ownership } = this.tasks;
    if (!ownership.hasRule) {
      const owner = ownership.ofAuth(authInfo);
      return (task) => task.owner === owner;
    }
    const sdk = listenContext(id, meta, request, authInfo);
    const checked = new Map<string, boolean>();
    return (task) => {
      let owns = checked.get(task.taskId);
      if (owns === undefined) checked.set(task.taskId, (owns = ownership.owns(task, sdk)));
      return owns;
    };
  }

  /** Ends every open stream with the listen request's final response. */
  closeAll(): void {
    for (const teardown of [...this.open]) teardown(true);
  }

  private stream(
    id: string | number,
    taskIds: Set<string>,
    owns: (task: StoredTask) => boolean,
    signal?: AbortSignal,
  ): Response {
    const encoder = new TextEncoder();
    const stamp = { [SUBSCRIPTION_ID_META_KEY]: id };
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    let unwatch: (() => void) | undefined;
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    const write = (text: string) => {
      if (closed) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        // the reader has gone: the stream's cancel tears it down
      }
    };
    const send = (message: Record<string, unknown>) =>
      write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`);
    const teardown = (graceful: boolean) => {
      if (closed) return;
      if (graceful) send({ id, result: { resultType: 'complete', _meta: stamp } });
      closed = true;
      unwatch?.();
      clearInterval(keepAlive);
      signal?.removeEventListener('abort', onAbort);
      this.open.delete(teardown);
      try {
        controller.close();
      } catch {
        // already closed by the reader
      }
    };
    const onAbort = () => teardown(false);
    const heard = (task: StoredTask) => {
      if (!taskIds.has(task.taskId) || !owns(task)) return;
      send({ method: 'notifications/tasks', params: { ...detailedTask(task), _meta: stamp } });
    };
    const readable = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
        // the acknowledgement is the first message of the subscription, before any change is heard
        send({
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: { taskIds: [...taskIds] }, _meta: stamp },
        });
        unwatch = this.tasks.store.watch(heard);
        keepAlive = setInterval(() => write(': keepalive\n\n'), KEEP_ALIVE_MS);
        keepAlive.unref?.();
        this.open.add(teardown);
      },
      cancel: () => teardown(false),
    });
    if (signal?.aborted) teardown(false);
    else signal?.addEventListener('abort', onAbort, { once: true });
    return new Response(readable, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  }
}

/**
 * The listen request as a handler context, for the principal rule: its id, `_meta` (the reserved keys lifted
 * into `envelope`, as the SDK does), the HTTP request and auth. It serves no handler, so it sends nothing.
 */
function listenContext(
  id: string | number,
  meta: Record<string, unknown>,
  request: Request,
  authInfo: AuthInfo | undefined,
): ServerContext {
  const reserved = Object.entries(meta).filter(([key]) => key.startsWith(RESERVED_META_PREFIX));
  const refuse = async (): Promise<never> => {
    throw new Error('a task listen stream sends the client task notifications only');
  };
  const mcpReq = {
    id,
    method: 'subscriptions/listen',
    _meta: Object.fromEntries(Object.entries(meta).filter(([key]) => !key.startsWith(RESERVED_META_PREFIX))),
    envelope: Object.fromEntries(reserved),
    signal: request.signal,
    requestState: () => undefined,
    send: refuse,
    notify: refuse,
    log: async () => {},
    elicitInput: refuse,
    requestSampling: refuse,
  };
  return { mcpReq, http: { req: request, ...(authInfo !== undefined && { authInfo }) } } as unknown as ServerContext;
}

function rpcError(id: unknown, code: number, message: string, data?: unknown, status = 200): Response {
  return Response.json(
    { jsonrpc: '2.0', id: id ?? null, error: { code, message, ...(data !== undefined && { data }) } },
    { status },
  );
}
