import type { AuthInfo, ClientCapabilities, Implementation, LoggingLevel, ServerContext } from '@modelcontextprotocol/server';
import type { DependencyContainer } from 'tsyringe';
import type { Logger } from '../logging/logger';
import type { Class } from '../types/class';
import type { HandlerKind } from '../metadata/definitions/handler.metadata';
import type { Principal } from './principal';

/** The three methods that may answer with `InputRequiredResult`, and so the only ones a handler serves. */
export type HandlerMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** Which decorated method serves this call. */
export interface HandlerRef {
  kind: HandlerKind;
  /** Tool or prompt name, or the resource's name. */
  name: string;
  providerClass: Class;
  methodName: string | symbol;
}

/**
 * Everything a guard, interceptor, pipe, filter or handler may know about one call (one round of a
 * multi-round flow). Injected with `@Ctx()`, and registered in the request's container under `ExecutionContext`.
 */
export abstract class ExecutionContext {
  abstract readonly method: HandlerMethod;
  abstract readonly handler: HandlerRef;
  /** The tool or prompt name, or the resource URI that was read. */
  abstract readonly target: string;
  /** The raw arguments as sent (tool/prompt arguments; the matched variables of a resource template). */
  abstract readonly arguments: Readonly<Record<string, unknown>>;
  /** The negotiated protocol revision of this request (`2026-07-28`, or a 2025 one on older connections). */
  abstract readonly protocolVersion: string | undefined;
  abstract readonly era: 'modern' | 'legacy';
  abstract readonly clientCapabilities: ClientCapabilities | undefined;
  abstract readonly clientInfo: Implementation | undefined;
  abstract readonly authInfo: AuthInfo | undefined;
  abstract readonly principal: Principal | undefined;
  abstract readonly signal: AbortSignal;
  abstract readonly container: DependencyContainer;
  abstract readonly logger: Logger;
  /** This round's answers, keyed as asked (untrusted; direct-form handlers validate them). */
  abstract readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** The plaintext state this handler returned last round (verified and opened before the handler runs). */
  abstract readonly requestState: unknown;
  /** The SDK's own handler context, for what Tessera does not wrap. */
  abstract readonly sdk: ServerContext;
  /** Sends a progress notification when the client asked for progress; a no-op otherwise. */
  abstract progress(progress: number, total?: number, message?: string): Promise<void>;
  /** Sends a log message to the client (MCP logging), filtered by the client's level. */
  abstract log(level: LoggingLevel, data: unknown): Promise<void>;
}
