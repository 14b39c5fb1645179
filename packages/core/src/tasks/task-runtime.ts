import {
  isInputRequiredResult,
  ProtocolError,
  type AuthInfo,
  type ClientCapabilities,
  type Implementation,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { CallHandler } from '../contracts/interceptor';
import type { StateStage } from '../pipeline/request-state.interceptor';
import type { TaskContext } from '../contracts/task-context';
import type { Logger } from '../logging/logger';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { maskInternalError } from '../errors/masked-internal-error';
import { runPipeline } from '../pipeline/call-pipeline';
import type { PipelineTools } from '../pipeline/call-stage';
import { RequestExecutionContext } from '../pipeline/request-execution-context';
import { mapError } from '../call-adapter/error-mapping';
import { toCallToolResult } from '../call-adapter/normalize-results';
import type { ServerRuntime } from '../server/server-runtime';
import { MemoryTaskQueue } from './memory-task-queue';
import { MemoryTaskStore } from './memory-task-store';
import type { StoredTask, TaskCaller, TaskError } from './stored-task';
import { newTaskId } from './task-id';
import { TaskOwnership, type PrincipalRule } from './task-owner';
import { answersByHandlerKey, readTaskProgress, underFreshKeys } from './task-progress';
import type { TaskQueue } from './task-queue';
import { taskStatusReport } from './task-status-report';
import { throughStoreOutage } from './through-store-outage';
import { failUnscheduled } from './unscheduled-task';
import { taskStepContext } from './task-step-context';
import { toolGoneError } from './task-tool-gone';
import type { CreateOutcome, TaskCreation, TaskStore } from './task-store';
import { resolveTasksSettings, type ResolvedTasksSettings, type TasksOptions } from './tasks-options';
import { argumentsDigest } from '@tessera/request-state/framework';
import { idempotencyKeyError } from '../pipeline/idempotency-key';

/** Who asked to create a task, read from the `tools/call` request. */
export interface TaskOrigin {
  plan: HandlerPlan;
  /** The caller's principal binding (see `TaskOwnership`). */
  owner: string;
  target: string;
  arguments: Record<string, unknown>;
  authInfo?: AuthInfo;
  capabilities: ClientCapabilities;
  protocolVersion?: string;
  clientInfo?: Implementation;
  /** The creating call's idempotency key (checked): one task per (caller, tool, key), shown to every step. */
  idempotencyKey?: string;
}

/** What the application passes besides its `tasks` settings. */
export interface TaskRuntimeInternals {
  /** The clock (epoch milliseconds); tests pass a fake one. */
  now?: () => number;
  /** The security policy's principal rule, which binds a task to its caller as it binds a requestState. */
  bindPrincipal?: PrincipalRule;
}

/** A task keeps its state itself: between steps nothing is sealed, so the request-state stage only passes through. */
const keepsStateServerSide: StateStage = {
  intercept: (_call: unknown, next: CallHandler) => next(),
};

/**
 * Serves task tools: creates a task for a `tools/call`, runs its steps (questions park it `input_required`,
 * the method body runs once every answer is in), and answers `tasks/get`, `tasks/update`, `tasks/cancel`
 * (see `task-methods.ts`). One per application; its store and queue may be shared by a fleet.
 */
export class TaskRuntime {
  readonly store: TaskStore;
  readonly queue: TaskQueue;
  /** The `tasks` settings with their defaults (TTL, polling interval, caps). */
  readonly settings: ResolvedTasksSettings;
  /** Who owns a task, and whether a request comes from its owner. */
  readonly ownership: TaskOwnership;
  private readonly tools: PipelineTools;
  private readonly now: () => number;

  constructor(
    private readonly rt: ServerRuntime,
    options: TasksOptions = {},
    internals: TaskRuntimeInternals = {},
  ) {
    this.settings = resolveTasksSettings(options);
    this.now = internals.now ?? Date.now;
    this.ownership = new TaskOwnership(rt, internals.bindPrincipal);
    this.store = options.store ?? new MemoryTaskStore({ now: this.now });
    this.queue =
      options.queue ??
      new MemoryTaskQueue((taskId, error) =>
        maskInternalError(rt.logger, 'task step failed outside the tool', {
          method: 'tools/call',
          target: taskId,
          error,
        }),
      );
    this.tools = { ...rt.pipeline, requestState: keepsStateServerSide };
    this.queue.start((taskId, signal) => this.step(taskId, signal));
  }

  /**
   * Creates the task (durably, before answering) and schedules its first step; or, for an idempotency key
   * that already created a live task with these arguments, answers that task and runs nothing. When the
   * queue refuses the first step, the task is failed (`failUnscheduled`) and the call rejects: retryable,
   * and a resend makes a new task (without a key) or is answered with the failed one (same key).
   */
  async create(origin: TaskOrigin): Promise<StoredTask> {
    const task = this.newTask(origin);
    const outcome = await this.store.create(task, this.creation(origin));
    if (outcome.kind === 'existing') return outcome.task;
    this.refuseUnless(outcome, origin);
    try {
      await this.queue.enqueue(task.taskId);
    } catch (error) {
      // the record exists but no step will run it: ended now, so the client's resend doubles nothing
      await failUnscheduled(this.store, task, this.rt.logger);
      throw error;
    }
    return task;
  }

  /**
   * Creates a task that has already ended with `result` (a direct-form tool's last round, delivered as a task):
   * no step is scheduled, so the method never runs again for it.
   */
  async createCompleted(origin: TaskOrigin, result: Record<string, unknown>): Promise<StoredTask> {
    const task = this.newTask(origin);
    const end = this.finished(origin.target, result);
    Object.assign(
      task,
      end.status === 'completed' ? { status: 'completed', result } : { status: 'failed', error: end.error },
    );
    if (end.statusMessage) task.statusMessage = end.statusMessage;
    const outcome = await this.store.create(task, this.creation(origin));
    if (outcome.kind === 'existing') return outcome.task;
    this.refuseUnless(outcome, origin);
    return task;
  }

  /** The caps and the idempotency name the store checks as it creates the task. */
  private creation(origin: TaskOrigin): TaskCreation {
    const caps = { perOwner: this.settings.maxTasksPerCaller, total: this.settings.maxTasks };
    const key = origin.idempotencyKey;
    if (key === undefined) return { caps };
    // named as a first leg's record is: the caller, the tool and the key; the arguments are its digest
    const name = argumentsDigest({ owner: origin.owner, target: origin.target, key });
    return { caps, idempotency: { name, digest: argumentsDigest(origin.arguments) } };
  }

  /** Throws the refusal for an outcome other than `created`: -32602 for a reused key, -31429 for a cap. */
  private refuseUnless(outcome: Exclude<CreateOutcome, { kind: 'existing' }>, origin: TaskOrigin): void {
    if (outcome.kind === 'created') return;
    if (outcome.kind === 'key-reused')
      throw idempotencyKeyError(
        { method: 'tools/call', target: origin.target },
        `"${origin.idempotencyKey}" was already used for this tool with other arguments; a new call needs a new key`,
      );
    const [setting, limit, whose] =
      outcome.cap === 'perOwner'
        ? (['maxTasksPerCaller', this.settings.maxTasksPerCaller, 'this caller has'] as const)
        : (['maxTasks', this.settings.maxTasks, 'the server has'] as const);
    throw new ProtocolError(
      JsonRpcCode.LimitExceeded,
      `Too many tasks: ${whose} ${limit} live tasks (tasks.${setting}); a task counts until its ttlMs ends.`,
      { reason: 'task_cap', cap: `tasks.${setting}`, limit },
    );
  }

  private newTask(origin: TaskOrigin): StoredTask {
    const now = this.now();
    const task: StoredTask = {
      taskId: newTaskId(),
      owner: origin.owner,
      method: 'tools/call',
      target: origin.target,
      arguments: origin.arguments,
      client: {
        capabilities: origin.capabilities,
        ...(origin.protocolVersion ? { protocolVersion: origin.protocolVersion } : {}),
        ...(origin.clientInfo ? { info: origin.clientInfo } : {}),
      },
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: this.settings.ttlMs,
      pollIntervalMs: this.settings.pollIntervalMs,
    };
    const caller = callerOf(origin.authInfo);
    if (caller) task.caller = caller;
    if (origin.idempotencyKey !== undefined) task.idempotencyKey = origin.idempotencyKey;
    return task;
  }

  /**
   * A task waiting for answers whose tool is no longer served ends now, failed naming the tool, rather than
   * waiting for answers no step could use: its owner learns it at its next `tasks/get` or `tasks/update`.
   * A `working` task needs nothing here: its queued step ends it the same way, a running one finishes.
   */
  async endIfToolGone(task: StoredTask): Promise<StoredTask> {
    if (task.status !== 'input_required' || this.servedPlan(task.target)) return task;
    const ended = await this.store.update(task.taskId, failedWith(toolGoneError(task.target)));
    // undefined: another instance ended it first (terminal is final), so read what it wrote
    return ended ?? (await this.store.load(task.taskId)) ?? task;
  }

  /** The plan a step of a task of `target` runs, or undefined when the tool is removed or switched off. */
  private servedPlan(target: string): HandlerPlan | undefined {
    const plan = this.rt.compiled.tools.get(target);
    return plan === undefined || this.rt.visibility.isSwitchedOff(plan) ? undefined : plan;
  }

  /** The stop has begun: the queue runs no new step here and lets the running ones finish (see `TaskQueue.drain`). */
  async drain(): Promise<void> {
    await this.queue.drain?.();
  }

  /** The app's server-side log (a store outage on a task surface is logged there). */
  get logger(): Logger {
    return this.rt.logger;
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.store.close();
  }

  /**
   * One step: runs the tool's pipeline with the answers received so far. Questions still missing park the
   * task `input_required`; otherwise the method ran, and its result (or protocol error) ends the task.
   */
  private async step(taskId: string, signal: AbortSignal): Promise<void> {
    const task = await throughStoreOutage(() => this.store.load(taskId));
    if (!task) return this.vanished(taskId, 'before its step ran');
    if (task.status !== 'working') return; // ended, or still waiting for answers
    const plan = this.servedPlan(task.target);
    if (!plan) {
      await this.store.update(taskId, failedWith(toolGoneError(task.target)));
      return;
    }
    const progress = readTaskProgress(task.progress);
    const answers = answersByHandlerKey(progress, task.inputResponses);
    const consumed = Object.keys(task.inputResponses ?? {});
    const sdk = taskStepContext(task, signal, consumed.length > 0 ? answers : undefined);
    const taskContext: TaskContext = {
      taskId,
      status: taskStatusReport(this.store, taskId, this.rt.logger),
    };
    const ctx = new RequestExecutionContext({
      method: 'tools/call',
      handler: plan.ref,
      target: task.target,
      arguments: task.arguments,
      era: 'modern',
      sdk,
      root: this.rt.root,
      singletons: this.rt.singletons,
      logger: this.rt.logger,
      task: taskContext,
    });
    ctx.resolverProgress.incoming = progress.resolver;
    ctx.requestState = progress.state;
    if (task.idempotencyKey !== undefined) ctx.idempotencyKey = task.idempotencyKey;
    try {
      let value: unknown;
      try {
        value = await runPipeline({ plan, ctx, tools: this.tools });
      } catch (error) {
        value = mapError(error, { method: 'tools/call', target: task.target, logger: this.rt.logger });
      }
      if (signal.aborted) return; // cancelled: the store already holds the terminal status
      if (isInputRequiredResult(value)) {
        await this.park(task, value, ctx.resolverProgress.outgoing, consumed);
        return;
      }
      const outcome = this.finished(task.target, toCallToolResult(value, plan) as Record<string, unknown>);
      const ended = await throughStoreOutage(() => this.store.update(taskId, outcome));
      if (!ended && !(await this.store.load(taskId))) this.vanished(taskId, 'while its step ran; its outcome is lost');
    } catch (error) {
      await this.store.update(taskId, failedWith(protocolErrorOf(error, this.rt, task.target)));
    } finally {
      await ctx.close();
    }
  }

  /**
   * A step found no record of its task: it expired, or the store lost it (a Redis restarted without
   * persistence). Nothing can be written for it, and its owner's `tasks/get` answers "Task not found"
   * naming that cause, so it never looks stuck; the server log says which task it was.
   */
  private vanished(taskId: string, when: string): void {
    this.rt.logger.warn(`task record gone ${when}: the task expired or the task store lost it`, {
      method: 'tools/call',
      taskId,
    });
  }

  private async park(
    task: StoredTask,
    asked: InputRequiredResult,
    resolver: unknown,
    consumed: string[],
  ): Promise<void> {
    const requests = asked.inputRequests ?? {};
    if (Object.keys(requests).length === 0) {
      await this.store.update(
        task.taskId,
        failedWith({
          code: JsonRpcCode.InternalError,
          message: `Tool "${task.target}" asked for input without any inputRequests.`,
        }),
      );
      return;
    }
    const previous = readTaskProgress(task.progress);
    const state = resolver === undefined ? asked.requestState : undefined;
    const fresh = underFreshKeys({ ...previous, resolver, state }, requests);
    const change = {
      status: 'input_required' as const,
      inputRequests: fresh.inputRequests,
      consumedResponses: consumed,
      progress: fresh.progress,
    };
    await throughStoreOutage(() => this.store.update(task.taskId, change));
  }

  /** The change that completes a task with `result`, unless it is over the size limit (then it fails, saying so). */
  private finished(
    target: string,
    result: Record<string, unknown>,
  ): {
    status: 'completed' | 'failed';
    result?: Record<string, unknown>;
    error?: TaskError;
    statusMessage: string | null;
  } {
    const bytes = new TextEncoder().encode(JSON.stringify(result)).length;
    const limit = this.settings.maxResultBytes;
    if (bytes > limit)
      return failedWith({
        code: JsonRpcCode.InternalError,
        message: `Tool "${target}" produced a result of ${bytes} bytes, over the task result limit of ${limit} bytes (tasks.maxResultBytes).`,
      });
    return { status: 'completed' as const, result, statusMessage: null };
  }
}

function failedWith(error: TaskError) {
  return { status: 'failed' as const, error, statusMessage: error.message };
}

/** What a step that threw ends its task with: the protocol error itself, or a masked internal one. */
function protocolErrorOf(error: unknown, rt: ServerRuntime, target: string): TaskError {
  if (error instanceof ProtocolError || ProtocolError.isInstance(error)) {
    const e = error as ProtocolError;
    return { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) };
  }
  return {
    code: JsonRpcCode.InternalError,
    message: maskInternalError(rt.logger, 'task step failed', { method: 'tools/call', target, error }),
  };
}

function callerOf(authInfo: AuthInfo | undefined): TaskCaller | undefined {
  if (!authInfo) return undefined;
  const caller: TaskCaller = { clientId: authInfo.clientId, scopes: [...(authInfo.scopes ?? [])] };
  if (authInfo.extra !== undefined) caller.extra = authInfo.extra;
  if (authInfo.expiresAt !== undefined) caller.expiresAt = authInfo.expiresAt;
  if (authInfo.resource !== undefined) caller.resource = String(authInfo.resource);
  return caller;
}
