import { ProtocolError } from '@modelcontextprotocol/server';
import { IDEMPOTENCY_KEY_META, idempotencyKeyProblem } from '@tessera/common';
import { JsonRpcCode } from '../errors/json-rpc-codes';

const KIND: Record<string, string> = { 'tools/call': 'tool', 'prompts/get': 'prompt', 'resources/read': 'resource' };

/**
 * The leg's idempotency key from the request's `_meta` (`io.github.tessera-mcp/idempotencyKey`), or
 * undefined when it has none. A key that is not 16 to 128 base64url characters is refused with -32602
 * naming the field, whatever the server does with keys: a client sending a bad one should learn it at once.
 */
export function readIdempotencyKey(call: {
  method: string;
  target: string;
  sdk: { mcpReq: { _meta?: Record<string, unknown> } };
}): string | undefined {
  const meta = call.sdk.mcpReq._meta;
  if (meta === undefined || !Object.hasOwn(meta, IDEMPOTENCY_KEY_META)) return undefined;
  const value = meta[IDEMPOTENCY_KEY_META];
  const problem = idempotencyKeyProblem(value);
  if (problem === undefined) return value as string;
  throw idempotencyKeyError(call, problem);
}

/** -32602 naming the call and the `_meta` field of its idempotency key: `problem` says what is wrong with it. */
export function idempotencyKeyError(call: { method: string; target: string }, problem: string): ProtocolError {
  const what = KIND[call.method] === undefined ? call.method : `${KIND[call.method]} "${call.target}"`;
  return new ProtocolError(
    JsonRpcCode.InvalidParams,
    `Invalid params for ${what}: _meta["${IDEMPOTENCY_KEY_META}"] ${problem}`,
    { field: `_meta.${IDEMPOTENCY_KEY_META}` },
  );
}
