import type {
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/client';
import type { McpCall } from '../flow/mcp-call';

/** What a callback learns besides the request itself. */
export interface InputCallbackContext {
  /** The server's key for this request in `inputRequests`; undefined for a 2025-era push request. */
  key?: string;
  /** The call that asked (undefined for a 2025-era push request, which the SDK does not tie to a call). */
  call?: McpCall;
  /** Fires when the call is aborted, times out, or a sibling answer in the same round failed. */
  signal: AbortSignal;
}

/** One value of an accepted form's `content`: a string, number, boolean or list of strings. */
export type ElicitationContentValue = NonNullable<ElicitResult['content']>[string];

/**
 * What an elicitation callback returns: the SDK's `ElicitResult`, except that a `content` value may be
 * `undefined` (left out of what is sent). So a callback whose branches answer different questions with
 * differently shaped content (`{ region }` here, `{ seats }` there) type-checks as written, without `any`:
 * TypeScript gives each branch the other branches' keys as optional `undefined` ones.
 */
export interface ElicitationAnswer {
  action: ElicitResult['action'];
  content?: { [field: string]: ElicitationContentValue | undefined };
  _meta?: ElicitResult['_meta'];
}

export type ElicitationCallback = (
  params: ElicitRequest['params'],
  context: InputCallbackContext,
) => ElicitationAnswer | Promise<ElicitationAnswer>;

/** An elicitation callback plus the modes it can show; URL mode is declared only when `url` is true. */
export interface ElicitationHandler {
  handle: ElicitationCallback;
  url?: boolean;
}

export type SamplingCallback = (
  params: CreateMessageRequest['params'],
  context: InputCallbackContext,
) => CreateMessageResult | Promise<CreateMessageResult>;

export type ListRootsCallback = (context: InputCallbackContext) => ListRootsResult | Promise<ListRootsResult>;

/** The callbacks a client answers input requests with: MRTR rounds and 2025-era push requests alike. */
export interface InputCallbacks {
  elicitation?: ElicitationCallback | ElicitationHandler;
  sampling?: SamplingCallback;
  listRoots?: ListRootsCallback;
}
