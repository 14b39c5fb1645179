import { isPlainObject } from './plain-object';

/**
 * `JSON.stringify(result)` for the usual tool result, written directly: a plain object whose own keys are
 * among `content` (text blocks of exactly `type` then `text`), `isError` (a boolean) and `structuredContent`
 * (JSON.stringify'd alone, which writes it as it writes a member when it has no `toJSON`). Serialising the
 * result as a whole cost about five times this on a plain call. Undefined for anything else, or anything a
 * `toJSON` could change: the caller then stringifies it. Held to JSON.stringify by a seeded differential
 * fuzz test (text-result-json.fuzz.test.ts).
 */
export function textResultJson(result: unknown): string | undefined {
  if (!isPlainObject(result) || 'toJSON' in result) return undefined;
  let json = '';
  for (const key of Object.keys(result)) {
    const value = result[key];
    // a member JSON.stringify leaves out
    if (value === undefined) continue;
    const written =
      key === 'content'
        ? contentJson(value)
        : key === 'isError'
          ? booleanJson(value)
          : key === 'structuredContent'
            ? plainJson(value)
            : undefined;
    if (written === undefined) return undefined;
    json += `${json === '' ? '{' : ','}"${key}":${written}`;
  }
  return json === '' ? '{}' : `${json}}`;
}

function contentJson(content: unknown): string | undefined {
  if (!Array.isArray(content) || Object.getPrototypeOf(content) !== Array.prototype || 'toJSON' in content)
    return undefined;
  let json = '[';
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    if (!isPlainObject(block) || 'toJSON' in block) return undefined;
    const keys = Object.keys(block);
    if (keys.length !== 2 || keys[0] !== 'type' || keys[1] !== 'text') return undefined;
    const { type, text } = block;
    if (type !== 'text' || typeof text !== 'string') return undefined;
    json += `${i === 0 ? '' : ','}{"type":"text","text":${JSON.stringify(text)}}`;
  }
  return `${json}]`;
}

function booleanJson(value: unknown): string | undefined {
  return value === true ? 'true' : value === false ? 'false' : undefined;
}

/** A value JSON.stringify writes the same alone as inside an object: a scalar, or an object without `toJSON`. */
function plainJson(value: unknown): string | undefined {
  const kind = typeof value;
  if (kind === 'string' || kind === 'number' || kind === 'boolean' || value === null) return JSON.stringify(value);
  if (kind === 'object' && !('toJSON' in (value as object))) return JSON.stringify(value);
  return undefined;
}
