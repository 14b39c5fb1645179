import type { AuthInfo, ClientCapabilities, Implementation, LoggingLevel, ServerContext } from '@modelcontextprotocol/server';
import type { DependencyContainer } from 'tsyringe';
import type { Logger } from '../logging/logger';
import type { ExecutionContext } from '../contracts/execution-context';
import type { HandlerMethod, HandlerRef } from '../contracts/handler-ref';
import type { Principal } from '../contracts/principal';
import type { FlowProgress } from '../contracts/flow-progress';
import type { ResolverProgress } from '../contracts/resolver-progress';
import { principalFromAuth } from './principal';

export interface CallData {
  method: HandlerMethod;
  handler: HandlerRef;
  target: string;
  arguments: Record<string, unknown>;
  era: 'modern' | 'legacy';
  sdk: ServerContext;
  container: DependencyContainer;
  logger: Logger;
}

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const PROTOCOL_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The concrete per-call context: reads the SDK context lazily, so unused facts cost nothing. */
export class RequestExecutionContext implements ExecutionContext {
  readonly method: HandlerMethod;
  readonly handler: HandlerRef;
  readonly target: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly era: 'modern' | 'legacy';
  readonly sdk: ServerContext;
  readonly container: DependencyContainer;
  readonly logger: Logger;
  requestState: unknown = undefined;
  readonly resolverProgress: ResolverProgress = { incoming: undefined, outgoing: undefined };
  readonly flow: FlowProgress = { incoming: undefined, outgoing: undefined };
  private principalCache?: { value: Principal | undefined };

  constructor(call: CallData, private readonly legacy?: LegacyConnectionInfo) {
    this.method = call.method;
    this.handler = call.handler;
    this.target = call.target;
    this.arguments = call.arguments;
    this.era = call.era;
    this.sdk = call.sdk;
    this.container = call.container;
    this.logger = call.logger;
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
    return (this.sdk.mcpReq.envelope?.[CAPABILITIES_KEY as never] as ClientCapabilities | undefined) ?? this.legacy?.clientCapabilities();
  }

  get clientInfo(): Implementation | undefined {
    return (this.sdk.mcpReq.envelope?.[CLIENT_INFO_KEY as never] as Implementation | undefined) ?? this.legacy?.clientInfo();
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
    const token = this.sdk.mcpReq._meta?.progressToken;
    if (token === undefined) return;
    await this.sdk.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } });
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
