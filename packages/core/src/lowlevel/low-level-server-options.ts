import type { AuthInfo, CallToolResult, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import type { RequestStateSecurity } from '@tessera/request-state/framework';
import type { HttpAuthOptions } from '../auth/http-auth-options';
import type { RequestLimits } from '../limits/request-limits';
import type { Logger } from '../logging/logger';
import type { TelemetryOptions } from '../telemetry/telemetry-options';

/** What a low-level tool handler knows about one call (one round of a multi-round flow). */
export interface LowLevelCallContext {
  name: string;
  arguments: Readonly<Record<string, unknown>>;
  /** This round's answers, keyed as asked; untrusted (validate them, e.g. with the SDK's `acceptedContent`). */
  inputResponses: Readonly<Record<string, unknown>> | undefined;
  /**
   * The state this handler returned last round: the plaintext when sealing is on (verified, bound to this
   * tool and these arguments), otherwise the raw wire string, which the client could have changed.
   */
  requestState: string | undefined;
  era: 'modern' | 'legacy';
  authInfo: AuthInfo | undefined;
  signal: AbortSignal;
  /** The SDK's own handler context. */
  sdk: ServerContext;
}

export type LowLevelCallResult = CallToolResult | InputRequiredResult;

export type LowLevelToolHandler = (
  name: string,
  args: Readonly<Record<string, unknown>>,
  ctx: LowLevelCallContext,
) => LowLevelCallResult | Promise<LowLevelCallResult>;

/** A decorator-free server: tool definitions as JSON Schema, and one function that serves every call. */
export interface LowLevelServerOptions {
  name: string;
  version: string;
  title?: string;
  instructions?: string;
  /** Listed in this order, `pageSize` per page. */
  tools: Tool[];
  callTool: LowLevelToolHandler;
  /**
   * Opt-in `requestState` protection: `RequestStateSecurity.ephemeral()` (one process) or
   * `new RequestStateSecurity({ keys })` (several). Omitted: the state travels as the handler wrote it.
   */
  requestState?: RequestStateSecurity<ServerContext>;
  /** Default 100. */
  pageSize?: number;
  /** Bearer-token authentication for HTTP. */
  auth?: HttpAuthOptions;
  /** On 2025-era connections, fulfil `InputRequiredResult` with push requests; off: `-32603` there. */
  legacyInputRequiredBridge?: boolean;
  /**
   * OpenTelemetry traces and metrics, as a decorated module's `telemetry`: a span per round, round and
   * refused-state counters (with sealing on, the rounds of a flow share one id). Off by default.
   */
  telemetry?: boolean | TelemetryOptions;
  /** Server-side log (refusals, masked failures); default: JSON lines on stderr. */
  logger?: Logger;
  /** Bounds on one request (body bytes; argument keys, array items and depth); see RequestLimits for the defaults. */
  limits?: RequestLimits;
}
