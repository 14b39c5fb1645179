import type { AuthInfo } from '@modelcontextprotocol/server';
import type { HandlerRef } from './handler-ref';
import type { Principal } from './principal';

/** What a `visible` predicate knows of the caller asking for a list, or calling the handler. */
export interface VisibilityContext {
  /** The handler whose visibility is asked. */
  readonly handler: HandlerRef;
  /** The verified caller (undefined without a verified token: stdio, or HTTP without `auth`). */
  readonly principal: Principal | undefined;
  readonly authInfo: AuthInfo | undefined;
}

/**
 * Whether a caller sees a handler: false leaves it out of that caller's lists, and a call to it is answered
 * as a call to an unknown one. Runs on every list and every call, so keep it quick and free of side effects.
 */
export type VisiblePredicate = (ctx: VisibilityContext) => boolean | Promise<boolean>;
