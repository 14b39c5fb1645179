import {
  CLIENT_CAPABILITIES_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
  type AuthInfo,
  type ClientCapabilities,
  type ProtocolError,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { openSubscriptionStream } from '../encoding/subscription-stream';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { OpenPerCaller } from '../limits/open-per-caller';
import { isJsonObject } from '../types/json-object';
import type { StoredTask } from './stored-task';
import { isWellFormedTaskId } from './task-id';
import type { TaskRuntime } from './task-runtime';
import { reachTaskStore } from './task-store-outage';
import { detailedTask } from './task-wire';
import { declaresTasks, tasksCapabilityMissing } from './tasks-extension';
import { checkListenRequest } from '../http-headers/listen-request-check';
import { jsonRpcErrorResponse } from '../encoding/json-rpc-error-response';

const RESERVED_META_PREFIX = 'io.modelcontextprotocol/';

/** One open stream, as the change feed reaches it. */
interface Watcher {
  /** Whether a change of this task may go to the stream (its owner's). */
  owns(task: StoredTask): boolean;
  /** Sends `notifications/tasks` whose params are `detailed` (the task's JSON) with the stream's `_meta`. */
  deliver(detailed: string): void;
}

/**
 * `subscriptions/listen` streams whose filter names `taskIds`: each hears `notifications/tasks` (the
 * detailed task, as `tasks/get` answers it) for every committed change of those tasks, from the task
 * store's change feed, so a change made on any instance sharing the store reaches it. The SDK's listen
 * router knows only its own change kinds, so a filter with `taskIds` is served here instead; its other
 * kinds are not honoured on this stream (the acknowledgement lists `taskIds` alone).
 *
 * A task is reported only to its owner (the same principal binding as `tasks/get`, principal rule included):
 * a listener naming another caller's task id hears nothing of it, just as for an id never issued.
 *
 * One listener on the store serves every stream: a change is looked up by task id, seen only by the streams
 * that name it, and turned into JSON once for all of them. Streams are capped per caller and in all
 * (`tasks.maxListenStreamsPerCaller`, `tasks.maxListenStreams`, -31429 with HTTP 429), and so are the ids
 * one names (`tasks.maxListenTaskIds`, each of the task id's shape, else -32602).
 */
export class TaskListenStreams {
  private readonly open = new Set<(graceful: boolean) => void>();
  /** Task id -> the open streams that name it. */
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Open streams by the caller's verified principal. */
  private readonly perCaller = new OpenPerCaller();
  private unwatch?: () => void;

  constructor(private readonly tasks: TaskRuntime) {}

  /** The answer to `body` if it is a `subscriptions/listen` request with `taskIds`; undefined otherwise. */
  serve(body: unknown, request: Request, authInfo: AuthInfo | undefined): Response | Promise<Response> | undefined {
    if (!isJsonObject(body) || body.method !== 'subscriptions/listen') return undefined;
    const params = isJsonObject(body.params) ? body.params : {};
    const filter = isJsonObject(params.notifications) ? params.notifications : {};
    if (filter.taskIds === undefined) return undefined;
    const id = body.id;
    if (typeof id !== 'string' && typeof id !== 'number') return undefined; // no request: the SDK answers it
    const checked = checkListenRequest(request, body);
    if (checked === 'leave') return undefined;
    if (checked !== 'serve') return checked;
    const meta = isJsonObject(params._meta) ? params._meta : {};
    if (!declaresTasks(meta[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)) {
      const missing = tasksCapabilityMissing('subscriptions/listen with notifications.taskIds');
      return jsonRpcErrorResponse(id, JsonRpcCode.MissingRequiredClientCapability, missing.message, {
        data: missing.data,
        status: 400,
      });
    }
    const ids = filter.taskIds;
    const { maxListenTaskIds, maxListenStreams, maxListenStreamsPerCaller } = this.tasks.settings;
    if (!Array.isArray(ids) || ids.length > maxListenTaskIds)
      return jsonRpcErrorResponse(
        id,
        JsonRpcCode.InvalidParams,
        `subscriptions/listen: params.notifications.taskIds must be an array of at most ${maxListenTaskIds} task ids (tasks.maxListenTaskIds).`,
      );
    const bad = ids.findIndex((t) => !isWellFormedTaskId(t));
    if (bad >= 0)
      return jsonRpcErrorResponse(
        id,
        JsonRpcCode.InvalidParams,
        `subscriptions/listen: params.notifications.taskIds[${bad}] is not a task id (22 base64url characters).`,
      );
    const caller = this.tasks.ownership.ofAuth(authInfo);
    // the caps are read when the stream opens, after the store answered, so no await sits between check and count
    const open = () => {
      if (this.open.size >= maxListenStreams)
        return tooMany(id, 'maxListenStreams', maxListenStreams, 'this server has');
      if (this.perCaller.of(caller) >= maxListenStreamsPerCaller)
        return tooMany(id, 'maxListenStreamsPerCaller', maxListenStreamsPerCaller, 'this caller has');
      const owns = this.ownerCheck(id, meta, request, authInfo);
      return this.stream(id, [...new Set(ids as string[])], caller, owns, request.signal);
    };
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
      return jsonRpcErrorResponse(id, refusal.code, refusal.message, { data: refusal.data });
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

  /** Streams open on this instance (for tests and diagnostics). */
  get size(): number {
    return this.open.size;
  }

  /** A committed change: to the streams naming the task that may hear it, serialized once for all of them. */
  private changed(task: StoredTask): void {
    const named = this.watchers.get(task.taskId);
    if (named === undefined) return;
    let detailed: string | undefined;
    for (const watcher of named) {
      if (!watcher.owns(task)) continue;
      watcher.deliver((detailed ??= JSON.stringify(detailedTask(task))));
    }
  }

  private attach(taskIds: readonly string[], caller: string, watcher: Watcher): void {
    this.unwatch ??= this.tasks.store.watch((task) => this.changed(task));
    for (const taskId of taskIds) {
      let named = this.watchers.get(taskId);
      if (named === undefined) this.watchers.set(taskId, (named = new Set()));
      named.add(watcher);
    }
    this.perCaller.opened(caller);
  }

  private detach(taskIds: readonly string[], caller: string, watcher: Watcher): void {
    for (const taskId of taskIds) {
      const named = this.watchers.get(taskId);
      named?.delete(watcher);
      if (named?.size === 0) this.watchers.delete(taskId);
    }
    this.perCaller.closed(caller);
    if (this.open.size === 0) {
      this.unwatch?.();
      this.unwatch = undefined;
    }
  }

  private stream(
    id: string | number,
    taskIds: readonly string[],
    caller: string,
    owns: (task: StoredTask) => boolean,
    signal?: AbortSignal,
  ): Response {
    const stamp = { [SUBSCRIPTION_ID_META_KEY]: id };
    const stampJson = JSON.stringify(stamp);
    let attached = false;
    let watcher!: Watcher;
    const stream = openSubscriptionStream({
      id,
      signal,
      completeMeta: stamp,
      onOpen: (opened) => {
        // the acknowledgement is the first message of the subscription, before any change is heard
        opened.send({
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: { taskIds: [...taskIds] }, _meta: stamp },
        });
        this.open.add(opened.end);
        watcher = {
          owns,
          // the task's JSON with this stream's `_meta` spliced in as its last member: no copy of the task per stream
          deliver: (detailed) =>
            opened.write(
              `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tasks","params":${detailed.slice(0, -1)},"_meta":${stampJson}}}\n\n`,
            ),
        };
        this.attach(taskIds, caller, watcher);
        attached = true;
      },
      onEnd: (ended) => {
        this.open.delete(ended.end);
        if (attached) this.detach(taskIds, caller, watcher);
      },
    });
    return stream.response;
  }
}

/** -31429 (HTTP 429) naming the stream cap that was reached. */
function tooMany(id: string | number, setting: string, limit: number, whose: string): Response {
  return jsonRpcErrorResponse(
    id,
    JsonRpcCode.LimitExceeded,
    `subscriptions/listen: ${whose} ${limit} task streams open (tasks.${setting}); close one first.`,
    { data: { reason: 'listen_cap', cap: `tasks.${setting}`, limit }, status: 429 },
  );
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
