import type { AuthInfo } from '@modelcontextprotocol/server';
import type { Principal } from './principal';

/** What a completion method (`@Complete`) knows of the request besides the partial value it completes. */
export interface CompletionContext {
  /** The argument being completed. */
  readonly argument: string;
  /** The other arguments the client already filled (`context.arguments`), as strings. */
  readonly arguments: Readonly<Record<string, string>>;
  /** The verified caller (undefined without a verified token). */
  readonly principal: Principal | undefined;
  readonly authInfo: AuthInfo | undefined;
  readonly signal: AbortSignal;
}

/**
 * What a completion method returns: the values (at most 100 are sent; more set `hasMore` and `total`), or
 * the protocol's shape when the method knows the total itself.
 */
export type CompletionAnswer = readonly string[] | { values: readonly string[]; total?: number; hasMore?: boolean };
