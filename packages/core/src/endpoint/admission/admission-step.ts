import type { AuthInfo, JSONRPCMessage, McpHandlerRequestOptions, McpHttpHandler } from '@modelcontextprotocol/server';
import type { HttpAuth } from '../../auth/http-auth';
import type { ParamHeader } from '../../http-headers/param-headers';
import type { BodyBudget } from '../../limits/body-budget';
import type { ResolvedRequestLimits } from '../../limits/request-limits';
import type { Logger } from '../../logging/logger';
import type { CallerChangeStreams } from '../../server/caller-change-streams';
import type { TaskListenStreams } from '../../tasks/task-listen';
import type { FaceRequestOptions } from '../face-request-options';
import type { LegacySessions } from '../legacy-sessions';

/** What the admission steps read of the endpoint: its parts and the features it was composed from. */
export interface AdmittingEndpoint {
  readonly handler: McpHttpHandler;
  readonly logger: Logger;
  readonly limits: ResolvedRequestLimits;
  readonly bodies: BodyBudget;
  /** Identities the endpoint verified itself (`admit`): handed back as `authInfo`, not verified again. */
  readonly verified: WeakSet<AuthInfo>;
  /** Bearer auth: the token check, the metadata document, scope challenges. */
  readonly httpAuth?: HttpAuth;
  /** Sessionful 2025-era HTTP, when opted in. */
  readonly sessions?: LegacySessions;
  /** Tool arguments mirrored into `Mcp-Param-*` headers. */
  readonly paramHeaders?: ReadonlyMap<string, readonly ParamHeader[]>;
  /** The 403 for a call whose handler needs scopes the verified token lacks. */
  readonly challengeScopes?: (body: unknown, authInfo: AuthInfo | undefined) => Response | undefined;
  /** `subscriptions/listen` streams for task status. */
  readonly taskListen?: TaskListenStreams;
  /** `subscriptions/listen` change streams filtered by what each caller sees. */
  readonly changeListen?: CallerChangeStreams;
  /** The checks on a parsed message before the SDK sees it, logged and counted (`McpEndpoint.screen`). */
  screen(message: unknown): JSONRPCMessage | undefined;
}

/** One request on its way through the steps: what the face gave, and what the steps so far found. */
export interface Admission {
  readonly endpoint: AdmittingEndpoint;
  readonly request: Request;
  /** What the face passed to `fetch` (`EndpointRequestOptions`, and a Node face's own keys). */
  readonly options: (McpHandlerRequestOptions & { allowedHosts?: string[] } & FaceRequestOptions) | undefined;
  /** The caller's identity: given by the face, or verified by the auth step. */
  authInfo: AuthInfo | undefined;
  /** The body's bytes, once the body budget step read them. */
  bytes?: Uint8Array;
  /** True once the message is parsed (`body`): a POST with a JSON body. */
  parsed: boolean;
  body?: unknown;
}

/** The steps after this one. */
export type NextStep = (admission: Admission) => Response | Promise<Response>;

/**
 * One step of the HTTP admission order (admission-steps.ts): answers the request (a refusal, or the answer of
 * the step that serves it) or passes it on to `next`. A step returns synchronously when it has nothing to wait
 * for, so the steps a request passes through cost a call each, not a promise each.
 */
export interface AdmissionStep {
  readonly name: string;
  run(admission: Admission, next: NextStep): Response | Promise<Response>;
  /** True when the step has nothing to do on this endpoint (no auth, no sessions...): left out of its chain. */
  isIdle?(endpoint: AdmittingEndpoint): boolean;
}
