import {
  CLIENT_CAPABILITIES_META_KEY,
  type Client as SdkClient,
  type ClientCapabilities,
  type InputResponses,
} from '@modelcontextprotocol/client';
import { TaskExpiredError } from '../errors/task-expired.error';
import { TaskNotFoundError } from '../errors/task-not-found.error';
import { TaskRequestFailedError } from '../errors/task-request-failed.error';
import { classifyLegFailure } from '../rounds/leg-failure';
import type { LegRetryPolicy } from '../rounds/leg-retry-policy';
import { resendOnFleetFailure } from '../rounds/resend-on-fleet-failure';
import type { RoundHooks } from '../rounds/round-hooks.types';
import type { Sleep } from '../rounds/sleep';
import { parseDetailedTask } from './parse-task';
import type { TaskRequestMethod } from './task-request-method';
import { TASKS_EXTENSION, type DetailedTask, type TaskInfo } from './task-wire.types';

type Params = Record<string, unknown>;

/** Any result: the answers are read by `parseDetailedTask`, which names what is wrong. */
const anyResult = {
  '~standard': {
    version: 1 as const,
    vendor: 'tessera',
    types: undefined as unknown as { input: Params; output: Params },
    validate: (value: unknown) => ({ value: value as Params }),
  },
};

/** The client's capabilities plus the Tasks extension: what a request that may create or follow a task declares. */
export function withTasksCapability(capabilities: ClientCapabilities): ClientCapabilities {
  const extensions = (capabilities as { extensions?: Record<string, object> }).extensions;
  return { ...capabilities, extensions: { ...extensions, [TASKS_EXTENSION]: {} } } as ClientCapabilities;
}

/** Per-request `_meta` declaring the Tasks extension, as the extension asks (the SDK lets a caller's keys win). */
export function tasksMeta(capabilities: ClientCapabilities): Record<string, unknown> {
  return { [CLIENT_CAPABILITIES_META_KEY]: withTasksCapability(capabilities) };
}

export interface TaskRequestOptions {
  signal?: AbortSignal;
  /** Limit for this one request (the SDK's request timeout otherwise). */
  timeoutMs?: number;
}

/** What the client's own loop passes besides: the call's hooks, which hear the retries too. */
export interface TaskRequestSendOptions extends TaskRequestOptions {
  hooks?: Required<RoundHooks>;
}

/** How task requests are sent again after a fleet-shaped failure: the client's leg retry policy, unchanged. */
export interface TaskRequestRetry {
  policy: LegRetryPolicy;
  sleep: Sleep;
  /** The client-level hooks, for a request sent without a call's own. */
  hooks: () => Required<RoundHooks>;
}

/**
 * `tasks/get`, `tasks/update` and `tasks/cancel` over the SDK client, each declaring the extension on the
 * request. On HTTP the SDK transport sets `Mcp-Name` to the task id. A `-32602` for a task id becomes
 * `TaskNotFoundError`, or `TaskExpiredError` once the task's time to live (as last seen) has passed.
 *
 * Each is safe to send again (a read; answers keyed per question, which a task takes once; a cancel of a
 * cancelled task changes nothing), so one that fails in a fleet-shaped way (`classifyLegFailure`: refused
 * or reset connection, 502/503/504, `-31503`) is sent again as a read leg would be, within `legRetry`, each
 * retry told to `onTaskRequestRetry`. One that fails for good throws `TaskRequestFailedError` carrying the
 * task id, so the caller can `resumeTask` it.
 */
export class TaskRequests {
  constructor(
    private readonly sdk: SdkClient,
    private readonly capabilities: ClientCapabilities,
    private readonly retry: TaskRequestRetry,
  ) {}

  async get(taskId: string, options: TaskRequestSendOptions = {}, seen?: TaskInfo): Promise<DetailedTask> {
    const result = await this.send('tasks/get', { taskId }, options, seen);
    return parseDetailedTask(result, `tasks/get '${taskId}'`);
  }

  async update(
    taskId: string,
    inputResponses: InputResponses,
    options: TaskRequestSendOptions = {},
    seen?: TaskInfo,
  ): Promise<void> {
    try {
      await this.resending('tasks/update', { taskId, inputResponses }, options);
    } catch (error) {
      // -32602 is also the answer to bad inputResponses: only a task the server no longer has is "not found".
      if (!isInvalidParams(error)) throw error;
      await this.get(taskId, options, seen);
      throw error;
    }
  }

  async cancel(taskId: string, options: TaskRequestSendOptions = {}, seen?: TaskInfo): Promise<void> {
    await this.send('tasks/cancel', { taskId }, options, seen);
  }

  private async send(
    method: TaskRequestMethod,
    params: Params,
    options: TaskRequestSendOptions,
    seen?: TaskInfo,
  ): Promise<Params> {
    const taskId = params.taskId as string;
    try {
      return await this.resending(method, params, options);
    } catch (error) {
      if (!isInvalidParams(error)) throw error;
      if (seen !== undefined && hasExpired(seen)) throw new TaskExpiredError(taskId, seen.ttlMs!, seen.createdAt);
      throw new TaskNotFoundError(taskId, method, error);
    }
  }

  /**
   * The request, sent again after each fleet-shaped failure the policy allows. A `-32602` is thrown as it
   * came (the caller reads it); any other final failure becomes `TaskRequestFailedError`, unless the
   * request was stopped by its signal.
   */
  private async resending(method: TaskRequestMethod, params: Params, options: TaskRequestSendOptions): Promise<Params> {
    const taskId = params.taskId as string;
    const signal = options.signal ?? new AbortController().signal;
    const hooks = options.hooks ?? this.retry.hooks();
    let retries = 0;
    try {
      return await resendOnFleetFailure(
        () => this.sdk.request(this.request(method, params), anyResult, legOptions(options)),
        {
          policy: this.retry.policy,
          sleep: this.retry.sleep,
          signal,
          // sending it twice changes nothing: retried as a read leg is, whatever `uncertain` allows for one
          mayResend: (failure) => this.retry.policy.allows(failure, method === 'tasks/update', true),
          onRetry: async (event) => {
            retries = event.attempt;
            await hooks.onTaskRequestRetry({ taskId, method, ...event });
          },
        },
      );
    } catch (error) {
      if (isInvalidParams(error) || signal.aborted) throw error;
      throw new TaskRequestFailedError(taskId, method, classifyLegFailure(error), retries, error);
    }
  }

  private request(method: string, params: Params) {
    return { method, params: { ...params, _meta: tasksMeta(this.capabilities) } } as never;
  }
}

function legOptions(options: TaskRequestOptions) {
  return {
    ...(options.signal !== undefined && { signal: options.signal }),
    ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
  };
}

function isInvalidParams(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === -32602;
}

function hasExpired(task: TaskInfo): boolean {
  if (task.ttlMs === null) return false;
  const created = Date.parse(task.createdAt);
  return Number.isFinite(created) && Date.now() >= created + task.ttlMs;
}
