import {
  Client as SdkClient,
  type CallToolResult,
  type ClientCapabilities,
  type ListToolsResult,
  type Tool,
  type GetPromptResult,
  type InputRequests,
  type InputRequiredResult,
  type InputResponses,
  type LoggingLevel,
  type ProtocolEra,
  type ReadResourceResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/client';
import { capabilitiesFromCallbacks } from '../callbacks/capabilities-from-callbacks';
import { InputAnswerer } from '../callbacks/input-answerer';
import type {
  ConnectOptions,
  ConnectTarget,
  HttpTarget,
  InMemoryTarget,
  StdioTarget,
  TransportTarget,
} from '../connect/connect-target';
import { createTransport } from '../connect/create-transport';
import { httpSessionOf, isSessionGone } from '../connect/http-session';
import { NotConnectedError } from '../errors/not-connected.error';
import { parseFlowRecord, type FlowRecord } from '../flow/flow-record';
import { describeCall, type McpCall } from '../flow/mcp-call';
import { legMeta, type LegOptions } from '../flow/leg-meta';
import { traceMetaOfActiveSpan } from '../flow/trace-meta';
import { createCallSignal } from '../rounds/call-signal';
import { fulfilRound } from '../rounds/fulfil-round';
import { mergeHooks } from '../rounds/merge-hooks';
import type { RoundHooks } from '../rounds/round-hooks.types';
import { raceAbort } from '../rounds/race-abort';
import { LegRetryPolicy } from '../rounds/leg-retry-policy';
import { isIdempotent } from '../rounds/idempotent-call';
import { retryingLegs } from '../rounds/retry-leg';
import { connectWithRetries } from '../rounds/connect-retry';
import { checkCallOptions, checkClientOptions, checkConnectOptions } from './client-option-keys';
import { runRounds, type RoundSeed } from '../rounds/run-rounds';
import { abortableSleep, type Sleep } from '../rounds/sleep';
import { resolveLogLevel } from '../logging/log-options';
import { forwardLogs } from '../logging/forward-logs';
import { answerPushedRequests } from './pushed-requests';
import { checkTaskId, CreatedTask, createdTaskOf } from '../tasks/created-task';
import { TaskFollower } from '../tasks/follow-task';
import type { TaskDriveOptions } from '../tasks/task-drive-options';
import { createTaskHandle, type TaskHandle } from '../tasks/task-handle';
import { TaskListener } from '../tasks/task-listener';
import { tasksTransportTap } from '../tasks/tasks-transport-tap';
import { TaskRequests } from '../tasks/task-requests';
import { ClientSkills } from '../skills/client-skills';
import { explainConnectError, negotiationOptions } from './protocol-negotiation';
import { tapTransport, type TransportTap } from './transport-tap';
import {
  checkMaxRounds,
  DEFAULT_MAX_ROUNDS,
  type CallOptions,
  type ManualCallOptions,
  type TaskHandleCallOptions,
  type TesseraClientOptions,
} from './client-options';
import type { AnyResult, Listing, McpResultByMethod, PromptParams, ResourceParams, ToolParams } from './call-types';

/**
 * An MCP client whose `callTool`, `getPrompt` and `readResource` run the multi-round-trip loop: every input request
 * goes to the `elicitation`/`sampling`/`listRoots` callbacks, and the call is retried with the answers and the
 * server's state until it completes. The same callbacks answer 2025-era push requests from older servers.
 * Built on the official SDK client (`sdk`), with the SDK's own auto-fulfilment switched off.
 */
export class TesseraClient {
  /** The underlying SDK client, for everything this class does not wrap (listTools, subscriptions, ...). */
  readonly sdk: SdkClient;
  /** What this client declares, derived from the callbacks it was given. */
  readonly capabilities: ClientCapabilities;
  /** The server's agent skills (SEP-2640): listed without fetching a file, each file verified before it is handed over. */
  readonly skills: ClientSkills;
  private readonly answerer: InputAnswerer;
  private readonly maxRounds: number;
  private readonly sleep: Sleep;
  private readonly legRetry: LegRetryPolicy;
  /** The log level asked of servers (`logLevel`, or `info` for an `onLog`); undefined asks for none. */
  private readonly logLevel: LoggingLevel | undefined;
  private connected = false;
  /** What `connect` was given, when it built the transport itself (so it may open a new session on it). */
  private ownTarget: Exclude<ConnectTarget, TransportTarget> | undefined;
  private connectOptions: ConnectOptions = {};
  private reopening: Promise<void> | undefined;
  /** Tool definitions seen by `listTools`, for SEP-2243 `Mcp-Param-*` header mirroring on calls. */
  private readonly knownTools = new Map<string, Tool>();
  /** Whether tool calls declare the Tasks extension (`tasks: false` turns it off). */
  private readonly tasksEnabled: boolean;
  private readonly tasks: TaskFollower;
  /** The client-level hooks merged once, for every call that brings no hooks of its own. */
  private clientHooks: { from: RoundHooks | undefined; merged: Required<RoundHooks> } | undefined;
  /** What the client reads and changes between the SDK client and each transport it connects. */
  private readonly tap: TransportTap;

  constructor(private readonly options: TesseraClientOptions = {}) {
    checkClientOptions(options);
    this.maxRounds = checkMaxRounds(options.maxRounds ?? DEFAULT_MAX_ROUNDS);
    this.sleep = options.sleep ?? abortableSleep;
    this.legRetry = new LegRetryPolicy(options.legRetry);
    this.answerer = new InputAnswerer(options, options.refuse);
    this.capabilities = capabilitiesFromCallbacks(options);
    this.logLevel = resolveLogLevel(options.logLevel, options.onLog);
    const negotiation = negotiationOptions(options.protocol);
    this.sdk = new SdkClient(
      { name: options.name ?? 'tessera-client', version: options.version ?? '0.1.0' },
      {
        capabilities: this.capabilities,
        // Our loop replaces the SDK's: it lacks backoff, hooks, refusals and resumable seeds.
        inputRequired: { autoFulfill: false },
        ...negotiation,
      },
    );
    this.skills = new ClientSkills(this.sdk, options.skills);
    answerPushedRequests(this.sdk, options, this.answerer);
    forwardLogs(this.sdk, options.onLog, this.logLevel);
    this.tasksEnabled = options.tasks !== false;
    const listener = new TaskListener(this.sdk);
    this.tap = tasksTransportTap(listener);
    this.tasks = new TaskFollower({
      requests: new TaskRequests(this.sdk, this.capabilities, {
        policy: this.legRetry,
        sleep: this.sleep,
        hooks: () => this.hooksFor(undefined),
      }),
      answerer: this.answerer,
      hooks: options.hooks,
      sleep: this.sleep,
      poll: options.tasks === false ? undefined : options.tasks,
      timeoutMs: options.timeoutMs,
      maxRounds: this.maxRounds,
      isConnected: () => this.connected,
      listenOn: options.tasks === false ? undefined : listener,
    });
  }

  // One overload per target shape, so an inline `fetch` gets its parameter types from context.
  /** Connects over stdio, Streamable HTTP, an in-process fetch handler, or any SDK transport. */
  connect(target: InMemoryTarget, options?: ConnectOptions): Promise<void>;
  connect(target: HttpTarget, options?: ConnectOptions): Promise<void>;
  connect(target: StdioTarget, options?: ConnectOptions): Promise<void>;
  connect(target: TransportTarget, options?: ConnectOptions): Promise<void>;
  connect(target: ConnectTarget, options?: ConnectOptions): Promise<void>;
  async connect(target: ConnectTarget, options: ConnectOptions = {}): Promise<void> {
    checkConnectOptions(options);
    // A fleet mid-restart fails a handshake as it fails a leg: tried again within `legRetry`.
    const retry = { policy: this.legRetry, sleep: this.sleep, hooks: mergeHooks(this.options.hooks) };
    await connectWithRetries(() => this.open(target, options), { ...retry, signal: options.signal, reset: this.sdk });
    this.ownTarget = typeof target === 'object' && target !== null && !('transport' in target) ? target : undefined;
    this.connectOptions = options;
    this.connected = true;
  }

  private async open(target: ConnectTarget, options: ConnectOptions): Promise<void> {
    const transport = createTransport(target);
    try {
      await this.sdk.connect(transport, { timeout: options.timeoutMs, signal: options.signal });
    } catch (error) {
      throw explainConnectError(this.options.protocol, error);
    }
    tapTransport(transport, this.tap);
    // A 2025-era server keeps one log level per session; 2026-07-28 calls carry it in their _meta instead.
    if (this.logLevel !== undefined && this.era === 'legacy' && this.sdk.getServerCapabilities()?.logging) {
      await this.sdk.setLoggingLevel(this.logLevel, { timeout: options.timeoutMs, signal: options.signal });
    }
  }

  /**
   * Runs one request; when it fails because the server no longer knows this client's 2025-era session (404),
   * initializes a new session once and sends it again. Only for transports `connect` built itself.
   */
  private async inSession<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (this.ownTarget === undefined || !isSessionGone(error, this.sdk.transport)) throw error;
      await this.reopen();
      return send();
    }
  }

  /** One new session for every request that found the old one gone at the same time. */
  private reopen(): Promise<void> {
    this.reopening ??= (async () => {
      try {
        await this.sdk.close(); // the server already dropped the session: nothing to DELETE
        await this.open(this.ownTarget!, this.connectOptions);
      } finally {
        this.reopening = undefined;
      }
    })();
    return this.reopening;
  }

  /** The negotiated protocol version (`'2026-07-28'`, or a 2025 revision after fallback); undefined before connect. */
  get protocolVersion(): string | undefined {
    return this.sdk.getNegotiatedProtocolVersion();
  }

  /** `'modern'` (2026-07-28: rounds in results) or `'legacy'` (2025: push requests); undefined before connect. */
  get era(): ProtocolEra | undefined {
    return this.sdk.getProtocolEra();
  }

  /** What the server said it serves (`tools`, `prompts`, `resources`, ...); undefined before connect. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.sdk.getServerCapabilities();
  }

  /** Closes the connection; a 2025-era HTTP session this client opened is ended first (`DELETE`), not left to time out. */
  async close(): Promise<void> {
    this.connected = false;
    const session = this.ownTarget !== undefined ? httpSessionOf(this.sdk.transport) : undefined;
    // Best effort: the server may be gone, or have dropped the session already; closing goes on either way.
    if (session !== undefined) await session.terminateSession().catch(() => undefined);
    await this.sdk.close();
  }

  callTool(
    params: ToolParams,
    options: ManualCallOptions & { task: 'handle' },
  ): Promise<CallToolResult | InputRequiredResult | TaskHandle>;
  callTool(params: ToolParams, options: ManualCallOptions): Promise<CallToolResult | InputRequiredResult>;
  callTool(params: ToolParams, options: TaskHandleCallOptions): Promise<CallToolResult | TaskHandle>;
  callTool(params: ToolParams, options?: CallOptions): Promise<CallToolResult>;
  callTool(params: ToolParams, options?: CallOptions | ManualCallOptions | TaskHandleCallOptions) {
    return this.execute({ method: 'tools/call', ...params }, options);
  }

  /**
   * Picks up a task by id (made by this process or another, e.g. after a restart) and follows it to its result
   * with the client's callbacks, as `callTool` does. The task must be this caller's: the server answers
   * another caller's id like an unknown one (`TaskNotFoundError`).
   */
  resumeTask(taskId: string, options: TaskDriveOptions = {}): Promise<CallToolResult> {
    return this.tasks.resume(checkTaskId(taskId), options);
  }

  /** A handle on a task by id, for driving it by hand (`get`, `update`, `cancel`, `result`); sends nothing. */
  task(taskId: string): TaskHandle {
    return createTaskHandle(this.tasks.port, checkTaskId(taskId));
  }

  getPrompt(params: PromptParams, options: ManualCallOptions): Promise<GetPromptResult | InputRequiredResult>;
  getPrompt(params: PromptParams, options?: CallOptions): Promise<GetPromptResult>;
  getPrompt(params: PromptParams, options?: CallOptions | ManualCallOptions) {
    return this.execute({ method: 'prompts/get', ...params }, options);
  }

  readResource(params: ResourceParams, options: ManualCallOptions): Promise<ReadResourceResult | InputRequiredResult>;
  readResource(params: ResourceParams, options?: CallOptions): Promise<ReadResourceResult>;
  readResource(params: ResourceParams, options?: CallOptions | ManualCallOptions) {
    return this.execute({ method: 'resources/read', ...params }, options);
  }

  /** Continues a flow recorded by `createFlowRecord` (possibly in another process), seeded with its state and answers. */
  resume<M extends McpCall['method']>(
    record: FlowRecord & { method: M },
    options: ManualCallOptions,
  ): Promise<McpResultByMethod[M] | InputRequiredResult>;
  resume<M extends McpCall['method']>(
    record: FlowRecord & { method: M },
    options?: CallOptions,
  ): Promise<McpResultByMethod[M]>;
  async resume(record: FlowRecord, options: CallOptions | ManualCallOptions = {}) {
    const { requestState, inputResponses, ...call } = parseFlowRecord(record);
    return this.execute(call as McpCall, { requestState, inputResponses, ...options });
  }

  /**
   * Manual mode's helper: answers one round's `inputRequests` through the client's callbacks (same refusals, same
   * hooks) and returns the `inputResponses` to retry with.
   */
  async fulfil(
    inputRequests: InputRequests,
    options: { call?: McpCall; signal?: AbortSignal; hooks?: RoundHooks; round?: number } = {},
  ): Promise<InputResponses> {
    const where = options.call === undefined ? 'the server' : describeCall(options.call);
    return fulfilRound(this.answerer, inputRequests, {
      where,
      signal: options.signal ?? new AbortController().signal,
      hooks: mergeHooks(this.options.hooks, options.hooks),
      call: options.call,
      round: options.round,
    });
  }

  /** Runs any multi-round-trip call; `callTool`, `getPrompt`, `readResource` and `resume` all land here. */
  run<M extends McpCall['method']>(
    call: McpCall & { method: M },
    options: ManualCallOptions,
  ): Promise<McpResultByMethod[M] | InputRequiredResult>;
  run<M extends McpCall['method']>(call: McpCall & { method: M }, options?: CallOptions): Promise<McpResultByMethod[M]>;
  run(call: McpCall, options?: CallOptions | ManualCallOptions) {
    return this.execute(call, options);
  }

  private async execute(
    call: McpCall,
    options: CallOptions | ManualCallOptions | TaskHandleCallOptions = {},
  ): Promise<AnyResult | InputRequiredResult | TaskHandle> {
    checkCallOptions(options);
    if (!this.connected) throw new NotConnectedError(describeCall(call));
    const where = describeCall(call);
    const stop = createCallSignal(where, {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
    });
    const seed: RoundSeed = { inputResponses: options.inputResponses, requestState: options.requestState };
    try {
      // The caller's span is read once, here, where its context is active: every leg of the flow (later
      // rounds, retries after a timer) carries the same parent, whether or not a context manager follows them.
      const leg: LegOptions = {
        onprogress: options.onprogress,
        timeout: options.legTimeoutMs,
        traceMeta: traceMetaOfActiveSpan(),
      };
      const hooks = this.hooksFor(options.hooks);
      const send = retryingLegs<AnyResult | CreatedTask>(
        (legSeed, signal) => this.inSession(() => this.sendLeg(call, legSeed, signal, leg)),
        {
          call,
          policy: this.legRetry,
          sleep: this.sleep,
          hooks,
          idempotent: () =>
            isIdempotent(call, {
              known: this.knownTools,
              list: () => this.listTools(),
              policy: this.legRetry,
              sleep: this.sleep,
              signal: stop.signal,
            }),
        },
      );
      const result =
        options.allowInputRequired === true
          ? await raceAbort(send(seed, stop.signal), stop.signal)
          : await this.runAllRounds(call, send, options, seed, hooks, stop.signal);
      if (!(result instanceof CreatedTask)) return result;
      if (options.task === 'handle') return createTaskHandle(this.tasks.port, result.info.taskId, result.info, call);
      return await this.tasks.follow(result.info.taskId, options, stop, result.info, call);
    } catch (error) {
      throw stop.explain(error);
    } finally {
      stop.dispose();
    }
  }

  /** Client-level hooks then the call's; merged anew only when the call has its own or the options' hooks changed. */
  private hooksFor(callHooks: RoundHooks | undefined): Required<RoundHooks> {
    const from = this.options.hooks;
    if (callHooks !== undefined) return mergeHooks(from, callHooks);
    if (this.clientHooks === undefined || this.clientHooks.from !== from)
      this.clientHooks = { from, merged: mergeHooks(from) };
    return this.clientHooks.merged;
  }

  private runAllRounds(
    call: McpCall,
    send: ReturnType<typeof retryingLegs<AnyResult | CreatedTask>>,
    options: CallOptions | TaskHandleCallOptions,
    seed: RoundSeed,
    hooks: Required<RoundHooks>,
    signal: AbortSignal,
  ): Promise<AnyResult | CreatedTask> {
    return raceAbort(
      runRounds<AnyResult | CreatedTask>({
        call,
        send,
        answerer: this.answerer,
        maxRounds: checkMaxRounds(options.maxRounds ?? this.maxRounds),
        sleep: this.sleep,
        signal,
        hooks,
        seed,
        restartOnInvalidState: this.options.restartOnInvalidState,
      }),
      signal,
    );
  }

  /**
   * Lists the server's tools (the SDK's `listTools`) and remembers their definitions,
   * so later calls mirror `x-mcp-header` arguments into `Mcp-Param-*` headers (SEP-2243).
   */
  async listTools(
    params?: { cursor?: string },
    options?: Parameters<SdkClient['listTools']>[1],
  ): Promise<ListToolsResult> {
    const result = await this.inSession(() => this.sdk.listTools(params, options));
    for (const tool of result.tools) this.knownTools.set(tool.name, tool);
    return result;
  }

  /** One page of the server's prompts (the SDK's `listPrompts`: cursor, then request options). */
  listPrompts(...page: Parameters<SdkClient['listPrompts']>): Listing<'listPrompts'> {
    return this.inSession(() => this.sdk.listPrompts(...page));
  }

  /** One page of the server's static resources (the SDK's `listResources`). */
  listResources(...page: Parameters<SdkClient['listResources']>): Listing<'listResources'> {
    return this.inSession(() => this.sdk.listResources(...page));
  }

  /** One page of the server's resource templates (the SDK's `listResourceTemplates`). */
  listResourceTemplates(...page: Parameters<SdkClient['listResourceTemplates']>): Listing<'listResourceTemplates'> {
    return this.inSession(() => this.sdk.listResourceTemplates(...page));
  }

  /** One wire leg through the SDK's manual mode: a fresh request (fresh id), `input_required` handed back to us. */
  private async sendLeg(
    call: McpCall,
    seed: RoundSeed,
    signal: AbortSignal,
    leg: LegOptions,
  ): Promise<AnyResult | InputRequiredResult | CreatedTask> {
    try {
      return await this.sendPlainLeg(call, seed, signal, leg);
    } catch (error) {
      const task = createdTaskOf(error, call);
      if (task === undefined) throw error;
      return task;
    }
  }

  private async sendPlainLeg(
    call: McpCall,
    seed: RoundSeed,
    signal: AbortSignal,
    leg: LegOptions,
  ): Promise<AnyResult | InputRequiredResult> {
    const modern = this.era === 'modern';
    const meta = legMeta(call, {
      logLevel: modern ? this.logLevel : undefined,
      traceMeta: leg.traceMeta,
      idempotencyKey: seed.idempotencyKey,
      // A tool call declares the Tasks extension on the request itself, as the extension asks.
      tasksFor: modern && this.tasksEnabled ? this.capabilities : undefined,
    });
    const legFields = {
      ...(meta !== undefined && { _meta: meta }),
      // An empty map says nothing; omit it, as after a state-only round.
      ...(seed.inputResponses !== undefined &&
        Object.keys(seed.inputResponses).length > 0 && { inputResponses: seed.inputResponses }),
      // Byte-exact echo, and only when the server sent one.
      ...(seed.requestState !== undefined && { requestState: seed.requestState }),
    };
    const options = {
      signal,
      allowInputRequired: true,
      ...(leg.onprogress !== undefined && { onprogress: leg.onprogress }),
      ...(leg.timeout !== undefined && { timeout: leg.timeout }),
    };
    if (call.method === 'tools/call') {
      const params = { name: call.name, arguments: call.arguments, ...legFields };
      const known = this.knownTools.get(call.name);
      if (known) {
        // sdk.callTool mirrors Mcp-Param-* headers from the definition. Its output schema is left out: the SDK
        // would check an input_required leg against it and throw, so the round could never be handled.
        const { outputSchema: _skipped, ...toolDefinition } = known;
        return (await this.sdk.callTool(params, { ...options, toolDefinition })) as
          CallToolResult | InputRequiredResult;
      }
      // the SDK's own result check for tools/call, the one it builds for the negotiated era
      return (await this.sdk.request({ method: 'tools/call', params }, options)) as
        CallToolResult | InputRequiredResult;
    }
    if (call.method === 'prompts/get') {
      return this.sdk.getPrompt({ name: call.name, arguments: call.arguments, ...legFields }, options);
    }
    const seeded = seed.inputResponses !== undefined || seed.requestState !== undefined;
    // A seeded or retried read answers one flow, not the URI in general: keep it out of the response cache.
    return this.sdk.readResource(
      { uri: call.uri, ...legFields },
      { ...options, ...(seeded && { cacheMode: 'bypass' as const }) },
    );
  }
}
