import type { EndpointRequestOptions, SdkServerFactory } from '../endpoint/mcp-endpoint';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import type { AuthInfo, JSONRPCMessage } from '@modelcontextprotocol/server';
import type { BodyBudget } from '../limits/body-budget';
import type { Logger } from '../logging/logger';
import { appInternalsOf, type TesseraApp } from '../app/tessera-app';
import type { ServerRuntime } from '../server/server-runtime';

/**
 * What the Node faces need of an endpoint (a low-level server, an `McpEndpoint`; a decorated app's own). Structural
 * on purpose: a class with private fields would refuse an endpoint whose declarations were loaded twice.
 */
export interface ServableEndpoint {
  /**
   * `parsedBody`: the body, already read and parsed by the Node face (it is not read again). A face also passes
   * the internal keys of `FaceRequestOptions` (face-request-options.ts), which are not part of this surface.
   */
  fetch(request: Request, options?: EndpointRequestOptions): Promise<Response>;
  readonly serverFactory: SdkServerFactory;
  readonly logger: Logger;
  readonly limits: ResolvedRequestLimits;
  /** The endpoint's budget of body bytes held at once; a face reading bodies itself draws on it too. */
  readonly bodies?: BodyBudget;
  /**
   * Authenticates from the headers alone before the face reads the body: a refusal to send, or what was
   * verified, which `fetch` takes back as `authInfo` without verifying it again. Without it, `fetch` authenticates.
   */
  admit?(request: Request): Promise<Response | { authInfo?: AuthInfo }>;
  /**
   * The endpoint's checks on a parsed message before the SDK sees it (logged, and counted by its telemetry);
   * stdio runs every message through it. Without it, the same checks run uncounted.
   */
  screen?(message: unknown): JSONRPCMessage | undefined;
  /** Whether a path other than the endpoint's is one `fetch` answers (the OAuth metadata document). */
  servesPath?(pathname: string): boolean;
  track(stop: () => Promise<void>): () => Promise<void>;
}

/** What the Node faces serve: a decorated app (`createApp`), or an endpoint (a low-level server, `McpEndpoint`). */
export type Servable = TesseraApp | ServableEndpoint;

/** The endpoint a face serves through, and for a decorated app its runtime (the fast lane's direct paths). */
export function servableOf(served: Servable): { endpoint: ServableEndpoint; runtime?: ServerRuntime } {
  return appInternalsOf(served) ?? { endpoint: served as ServableEndpoint };
}
