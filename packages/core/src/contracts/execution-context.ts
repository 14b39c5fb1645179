import type {
  AuthInfo,
  ClientCapabilities,
  Implementation,
  LoggingLevel,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import type { Logger } from '../logging/logger';
import type { HandlerMethod, HandlerRef } from './handler-ref';
import type { Principal } from './principal';
import type { TaskContext } from './task-context';

/**
 * Everything a guard, interceptor, pipe, filter or handler may know about one call (one round of a
 * multi-round flow). Injected with `@Ctx()` into handlers; constructors of request-scoped services
 * take it with tsyringe's `@inject(ExecutionContext)` (the same name is the injection token).
 */
export interface ExecutionContext {
  readonly method: HandlerMethod;
  readonly handler: HandlerRef;
  /** The tool or prompt name, or the resource URI that was read. */
  readonly target: string;
  /** The raw arguments as sent (tool/prompt arguments; the matched variables of a resource template). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The negotiated protocol revision of this request (`2026-07-28`, or a 2025 one on older connections). */
  readonly protocolVersion: string | undefined;
  readonly era: 'modern' | 'legacy';
  readonly clientCapabilities: ClientCapabilities | undefined;
  /**
   * Whether this request's client renders MCP Apps views (it declares `io.modelcontextprotocol/ui` with the
   * app MIME type): an app tool's text content is all a client that does not will show.
   */
  readonly ui: boolean;
  readonly clientInfo: Implementation | undefined;
  readonly authInfo: AuthInfo | undefined;
  readonly principal: Principal | undefined;
  readonly signal: AbortSignal;
  readonly container: DependencyContainer;
  readonly logger: Logger;
  /** This round's answers, keyed as asked (untrusted; direct-form handlers validate them). */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /**
   * The plaintext state this handler returned last round. The request-state stage (the outermost one)
   * verifies, opens and sets it before anything else runs; handlers only ever see plaintext. Read-only: a
   * direct-form handler hands the next state back in its `InputRequiredResult`.
   */
  readonly requestState: unknown;
  /**
   * The client's idempotency key of this leg (`_meta["io.github.tessera-mcp/idempotencyKey"]`, checked: 16
   * to 128 base64url characters), the same on every resend of the leg and new for the next leg. With
   * idempotent legs on (single-use state), a resend of a leg that finished gets its recorded answer and the
   * handler does not run again; it runs again only when the instance that ran it died before recording the
   * answer. Pass it on to the services the handler changes (a payment API's `Idempotency-Key`), so that
   * second run changes nothing there either. Undefined when the client sent none.
   */
  readonly idempotencyKey?: string;
  /** The SDK's own handler context, for what Tessera does not wrap. */
  readonly sdk: ServerContext;
  /** Set when the call runs as a task (`@Tool({ task })`): its id, and status messages. */
  readonly task?: TaskContext;
  /** Sends a progress notification when the client asked for progress (in a task: sets its status message); a no-op otherwise. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** Sends a log message to the client (MCP logging), filtered by the client's level. */
  log(level: LoggingLevel, data: unknown): Promise<void>;
}

/** The injection token under which each call's context is registered in its request container. */
export const ExecutionContext: InjectionToken<ExecutionContext> = Symbol.for('tessera.ExecutionContext');
