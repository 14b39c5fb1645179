import {
  CLIENT_CAPABILITIES_META_KEY,
  type Client as SdkClient,
  type ClientCapabilities,
  type InputResponses,
} from '@modelcontextprotocol/client';
import { TaskExpiredError } from '../errors/task-expired.error';
import { TaskNotFoundError } from '../errors/task-not-found.error';
import { parseDetailedTask } from './parse-task';
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

/**
 * `tasks/get`, `tasks/update` and `tasks/cancel` over the SDK client, each declaring the extension on the
 * request. On HTTP the SDK transport sets `Mcp-Name` to the task id. A `-32602` for a task id becomes
 * `TaskNotFoundError`, or `TaskExpiredError` once the task's time to live (as last seen) has passed.
 */
export class TaskRequests {
  constructor(
    private readonly sdk: SdkClient,
    private readonly capabilities: ClientCapabilities,
  ) {}

  async get(taskId: string, options: TaskRequestOptions = {}, seen?: TaskInfo): Promise<DetailedTask> {
    const result = await this.send('tasks/get', { taskId }, options, seen);
    return parseDetailedTask(result, `tasks/get '${taskId}'`);
  }

  async update(
    taskId: string,
    inputResponses: InputResponses,
    options: TaskRequestOptions = {},
    seen?: TaskInfo,
  ): Promise<void> {
    try {
      await this.sdk.request(this.request('tasks/update', { taskId, inputResponses }), anyResult, legOptions(options));
    } catch (error) {
      // -32602 is also the answer to bad inputResponses: only a task the server no longer has is "not found".
      if (!isInvalidParams(error)) throw error;
      await this.get(taskId, options, seen);
      throw error;
    }
  }

  async cancel(taskId: string, options: TaskRequestOptions = {}, seen?: TaskInfo): Promise<void> {
    await this.send('tasks/cancel', { taskId }, options, seen);
  }

  private async send(method: string, params: Params, options: TaskRequestOptions, seen?: TaskInfo): Promise<Params> {
    const taskId = params.taskId as string;
    try {
      return await this.sdk.request(this.request(method, params), anyResult, legOptions(options));
    } catch (error) {
      if (!isInvalidParams(error)) throw error;
      if (seen !== undefined && hasExpired(seen)) throw new TaskExpiredError(taskId, seen.ttlMs!, seen.createdAt);
      throw new TaskNotFoundError(taskId, method, error);
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
