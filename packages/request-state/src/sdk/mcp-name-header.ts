import type { RequestStateContext } from './request-state-context';

const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The target the HTTP `Mcp-Name` header names (SEP-2243), decoded; undefined when there is no HTTP request,
 * no header, or a header that does not decode. The SDK's createMcpHandler refuses a 2026-07-28 request
 * whose header disagrees with `params.name`/`params.uri` before any handler runs, so there the header is
 * the body's target and the verify hook can check it; elsewhere a client chooses it freely, which is why
 * a match never accepts anything on its own: it only lets a mismatch be refused earlier.
 */
export function mcpNameHeaderOf(ctx: RequestStateContext): string | undefined {
  const raw = ctx.http?.req?.headers.get('mcp-name');
  if (raw === null || raw === undefined) return undefined;
  const value = raw.replace(/^[\t ]+|[\t ]+$/g, '');
  if (!(
    value.startsWith(SENTINEL_PREFIX) &&
    value.endsWith(SENTINEL_SUFFIX) &&
    value.length >= SENTINEL_PREFIX.length + SENTINEL_SUFFIX.length
  ))
    return value;
  return decodeSentinel(value.slice(SENTINEL_PREFIX.length, value.length - SENTINEL_SUFFIX.length));
}

// Non-ASCII names travel as canonical base64 of their UTF-8 bytes; anything else is not a name we can compare.
function decodeSentinel(base64: string): string | undefined {
  try {
    const binary = atob(base64);
    // atob forgives whitespace and missing padding; only the one canonical spelling names a target
    if (btoa(binary) !== base64) return undefined;
    return utf8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
