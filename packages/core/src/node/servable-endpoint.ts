import type { FaceRequestOptions } from '../endpoint/face-request-options';
import type { SdkServerFactory } from '../endpoint/mcp-endpoint';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import type { AuthInfo, JSONRPCMessage } from '@modelcontextprotocol/server';
import type { BodyBudget } from '../limits/body-budget';
import type { Logger } from '../logging/logger';

/**
 * What the Node faces need of an app or a low-level server (both are `McpEndpoint`s). Structural on
 * purpose: a class with private fields would refuse an endpoint whose declarations were loaded twice.
 */
export interface ServableEndpoint {
  /**
   * `parsedBody`: the body, already read and parsed by the Node face (it is not read again);
   * `REFUSED_BEFORE_PARSE`: the face's pre-parse scan refused it (answered after auth, not read again).
   */
  fetch(request: Request, options?: FaceRequestOptions): Promise<Response>;
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
