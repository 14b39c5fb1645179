import type { InputRequest } from '@modelcontextprotocol/client';
import type { McpCall } from '../flow/mcp-call';
import type { InputKind } from './input-kind';

/** What a refusal predicate is shown. */
export interface RefusalQuery {
  kind: InputKind;
  request: InputRequest;
  key?: string;
  call?: McpCall;
}

/** Kinds to refuse outright (`['sampling']`), or a predicate returning true for each request to refuse. */
export type RefusePolicy = readonly InputKind[] | ((query: RefusalQuery) => boolean);

export function isRefused(policy: RefusePolicy | undefined, query: RefusalQuery): boolean {
  if (policy === undefined) return false;
  return typeof policy === 'function' ? policy(query) : policy.includes(query.kind);
}
