/**
 * Idempotent legs: the client names each leg with a random key, the same on every resend of that leg, and
 * a server that records legs under their key answers a resend of a leg that already ran with the answer it
 * recorded, instead of running the handler again or refusing the state as a replay.
 *
 * The keys live in `_meta` under the project's reverse-DNS prefix, as MCP asks of vendor keys.
 */
export const TESSERA_META_PREFIX = 'io.github.tessera-mcp/';

/** Request `_meta` key: this leg's idempotency key (a string matching `IDEMPOTENCY_KEY_PATTERN`). */
export const IDEMPOTENCY_KEY_META = `${TESSERA_META_PREFIX}idempotencyKey`;

/**
 * `_meta` key of an `input_required` result: `true` when the server records the next leg under its
 * idempotency key, so a client may send that leg again after an unknown outcome even though it carries answers.
 */
export const IDEMPOTENT_LEGS_META = `${TESSERA_META_PREFIX}idempotentLegs`;

/** 16 to 128 characters of the base64url alphabet: enough room for a UUID or 128 random bits, nothing to escape. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Whether a tool's listing says running it twice has no further effect (`readOnlyHint` or `idempotentHint:
 * true`). The client resends such a tool's legs freely; a server that records legs records a first leg of any
 * other tool under its key.
 */
export function saysIdempotent(annotations: { readOnlyHint?: boolean; idempotentHint?: boolean } | undefined): boolean {
  return annotations?.readOnlyHint === true || annotations?.idempotentHint === true;
}

/** Why `value` is not a usable idempotency key, or `undefined` when it is one. */
export function idempotencyKeyProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `must be a string, got ${value === null ? 'null' : typeof value}`;
  if (value.length < 16 || value.length > 128) return `must be 16 to 128 characters long, got ${value.length}`;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) return 'may hold only A-Z, a-z, 0-9, "_" and "-"';
  return undefined;
}
