import { base64ToBytes } from '../encoding/base64';
import { PARAM_HEADER_PREFIX, type ParamHeader } from './param-headers';

/** Why a call's `Mcp-Param-*` headers and its arguments disagree: the header and what the body says. */
export interface ParamHeaderMismatch {
  header: string;
  body: string;
}

const BASE64_OPEN = '=?base64?';
const BASE64_CLOSE = '?=';
// canonical Base64 only: wrong padding or a character outside the alphabet is refused, not repaired
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The header value as the client meant it: a `=?base64?...?=` value decoded as UTF-8, anything else taken
 * literally; undefined when the Base64 form is not canonical Base64 of UTF-8 text.
 */
export function decodeParamHeader(value: string): string | undefined {
  if (!(value.startsWith(BASE64_OPEN) && value.endsWith(BASE64_CLOSE) && value.length >= 11)) return value;
  const payload = value.slice(BASE64_OPEN.length, value.length - BASE64_CLOSE.length);
  if (!CANONICAL_BASE64.test(payload)) return undefined;
  try {
    return UTF8.decode(base64ToBytes(payload));
  } catch {
    return undefined;
  }
}

/**
 * Checks a call's `Mcp-Param-*` headers against its arguments: each declared argument the body carries (not
 * null) needs its header, decoding to the same value (integers compared as numbers); an argument the body
 * leaves out or sets to null needs none. Returns the first disagreement, or undefined.
 */
export function checkParamHeaders(
  declared: readonly ParamHeader[],
  args: unknown,
  headers: Headers,
): ParamHeaderMismatch | undefined {
  for (const param of declared) {
    const header = PARAM_HEADER_PREFIX + param.name;
    const value = valueAt(args, param.path);
    const text = primitiveText(value);
    if (text === undefined) continue;
    const where = param.path.join('.');
    const raw = headers.get(header);
    if (raw === null)
      return { header, body: `the body carries ${where}=${JSON.stringify(value)} but the ${header} header is absent` };
    const decoded = decodeParamHeader(raw);
    if (decoded === undefined) return { header, body: `the ${header} header is not valid Base64 of UTF-8 text` };
    const same =
      param.type === 'integer' && typeof value === 'number' && DECIMAL.test(decoded)
        ? Number(decoded) === value
        : decoded === text;
    if (!same)
      return {
        header,
        body: `the ${header} header decodes to ${JSON.stringify(decoded)} but the body carries ${where}=${JSON.stringify(value)}`,
      };
  }
  return undefined;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The text a client writes into the header for this value; undefined for no header (absent, null, not a primitive). */
function primitiveText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
