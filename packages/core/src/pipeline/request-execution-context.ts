import { rendersApps } from '../mcp-apps/renders-apps';
import type {
  AuthInfo,
  ClientCapabilities,
  Implementation,
  LoggingLevel,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import type { Logger } from '../logging/logger';
import { ExecutionContext } from '../contracts/execution-context';
import type { HandlerMethod, HandlerRef } from '../contracts/handler-ref';
import type { Principal } from '../contracts/principal';
import type { FlowProgress } from '../contracts/flow-progress';
import type { PipelineContext } from '../contracts/pipeline-context';
import type { ResolverProgress } from '../contracts/resolver-progress';
import type { TaskContext } from '../contracts/task-context';
import { principalFromAuth } from './principal';
import { buildsWithoutContainer, isDisposable } from '../di/build-without-container';

export interface CallData {
  method: HandlerMethod;
  handler: HandlerRef;
  target: string;
  arguments: Record<string, unknown>;
  era: 'modern' | 'legacy';
  sdk: ServerContext;
  /** The application's root; the call's own child container is opened from it on first use. */
  root: DependencyContainer;
  /** The root's startup singletons, served without opening the call's container. */
  singletons: ReadonlyMap<InjectionToken, unknown>;
  logger: Logger;
  /** Set when the call runs as a step of a task. */
  task?: TaskContext;
}

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const PROTOCOL_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The concrete per-call context: reads the SDK context lazily, so unused facts cost nothing. */
export class RequestExecutionContext implements PipelineContext {
  readonly method: HandlerMethod;
  readonly handler: HandlerRef;
  readonly target: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly era: 'modern' | 'legacy';
  readonly sdk: ServerContext;
  readonly logger: Logger;
  readonly task?: TaskContext;
  requestState: unknown = undefined;
  idempotencyKey?: string;
  readonly resolverProgress: ResolverProgress = { incoming: undefined, outgoing: undefined };
  readonly flow: FlowProgress = { incoming: undefined, outgoing: undefined };
  private principalCache?: { value: Principal | undefined };
  private opened?: DependencyContainer;
  private built?: Array<{ dispose(): unknown }>;

  constructor(
    call: CallData,
    private readonly legacy?: LegacyConnectionInfo,
  ) {
    this.method = call.method;
    this.handler = call.handler;
    this.target = call.target;
    this.arguments = call.arguments;
    this.era = call.era;
    this.sdk = call.sdk;
    this.logger = call.logger;
    if (call.task) this.task = call.task;
    this.call = call;
  }
  private readonly call: CallData;

  /**
   * The call's child container, opened when something first asks for it: most calls need only startup
   * singletons (`resolve`), and building and disposing a child container per call was measurable work.
   */
  get container(): DependencyContainer {
    if (!this.opened) {
      this.opened = this.call.root.createChildContainer();
      this.opened.register(ExecutionContext, { useValue: this });
    }
    return this.opened;
  }

  /**
   * What `container.resolve(token)` would give. Until the container is opened nothing can be registered in
   * it, so a startup singleton is the very instance the child would hand back from its parent.
   */
  resolve<T>(token: InjectionToken<T>): T {
    if (!this.opened && this.call.singletons.has(token)) return this.call.singletons.get(token) as T;
    if (!this.opened && buildsWithoutContainer(token, this.call.root)) {
      const instance = new token();
      // the child would have disposed it with itself at the end of the call
      if (isDisposable(instance)) (this.built ??= []).push(instance);
      return instance as T;
    }
    return this.container.resolve(token);
  }

  /**
   * Disposes what the call built (its container, and instances built without one), as tsyringe would; when
   * it built nothing, there is nothing to wait for (undefined, no promise).
   */
  close(): Promise<void> | undefined {
    if (!this.opened && !this.built) return undefined;
    const built = this.built ?? [];
    return Promise.all([this.opened?.dispose(), ...built.map((b) => b.dispose())]).then(() => undefined);
  }

  get protocolVersion(): string | undefined {
    return (
      (this.sdk.mcpReq.envelope?.[PROTOCOL_KEY as never] as string | undefined) ??
      this.legacy?.protocolVersion() ??
      // A stateless 2025 HTTP request's server never saw initialize; the client repeats the version here.
      this.sdk.http?.req?.headers.get('mcp-protocol-version') ??
      undefined
    );
  }

  get clientCapabilities(): ClientCapabilities | undefined {
    return (
      (this.sdk.mcpReq.envelope?.[CAPABILITIES_KEY as never] as ClientCapabilities | undefined) ??
      this.legacy?.clientCapabilities()
    );
  }

  get ui(): boolean {
    return rendersApps(this.clientCapabilities);
  }

  get clientInfo(): Implementation | undefined {
    return (
      (this.sdk.mcpReq.envelope?.[CLIENT_INFO_KEY as never] as Implementation | undefined) ?? this.legacy?.clientInfo()
    );
  }

  get authInfo(): AuthInfo | undefined {
    return this.sdk.http?.authInfo;
  }

  get principal(): Principal | undefined {
    this.principalCache ??= { value: principalFromAuth(this.authInfo) };
    return this.principalCache.value;
  }

  get signal(): AbortSignal {
    return this.sdk.mcpReq.signal;
  }

  get inputResponses(): Readonly<Record<string, unknown>> | undefined {
    return this.sdk.mcpReq.inputResponses;
  }

  async progress(progress: number, total?: number, message?: string): Promise<void> {
    if (this.task) {
      const of = total === undefined ? '' : ` of ${total}`;
      return this.task.status(message ?? `${progress}${of}`);
    }
    const token = this.sdk.mcpReq._meta?.progressToken;
    if (token === undefined) return;
    await this.sdk.mcpReq.notify({
      method: 'notifications/progress',
      params: { progressToken: token, progress, total, message },
    });
  }

  async log(level: LoggingLevel, data: unknown): Promise<void> {
    await this.sdk.mcpReq.log(level, data);
  }
}

/** What only a 2025-era connection knows (from its `initialize`), read from the SDK server instance. */
export interface LegacyConnectionInfo {
  protocolVersion(): string | undefined;
  clientCapabilities(): ClientCapabilities | undefined;
  clientInfo(): Implementation | undefined;
}
