import type { CallToolResult } from '@modelcontextprotocol/server';
import { checkSpecType, type SchemaCheck } from './sdk-schema-check';
import { isPlainObject } from './plain-object';

/** The result's keys the schema knows, in the order its output has them (`_meta` first is left to it). */
const RESULT_KEYS = ['content', 'structuredContent', 'isError'];

/**
 * A tool's result checked as the SDK checks it, against its `CallToolResult` schema: the schema's output,
 * or the SDK's words for what is wrong. For the commonest result (text blocks, then perhaps
 * `structuredContent` and `isError`, each key where the schema's output puts it) the output is the result
 * as given, so it is taken without the schema; any other result is the schema's to check and to give.
 * Held to the schema by a seeded differential fuzz test (call-tool-result-check.fuzz.test.ts).
 */
export function checkCallToolResult(result: CallToolResult): SchemaCheck {
  return isCanonicalTextResult(result) ? { ok: true, value: result } : checkSpecType('CallToolResult', result);
}

/**
 * Whether the schema's output is `result` itself, key for key and in the same order: its keys among
 * `content` (present), `structuredContent` and `isError` (a boolean), in that order, and every content
 * block a text block of exactly `type` then `text`; the result, its content and its blocks plain objects
 * and arrays (what JSON.stringify writes of them is what it writes of the schema's copy).
 */
export function isCanonicalTextResult(result: unknown): boolean {
  if (!isPlainObject(result)) return false;
  let at = -1;
  for (const key in result) {
    const index = RESULT_KEYS.indexOf(key);
    if (index <= at) return false;
    at = index;
  }
  const { content, isError } = result;
  if (
    !Array.isArray(content) ||
    Object.getPrototypeOf(content) !== Array.prototype ||
    (isError !== undefined && typeof isError !== 'boolean')
  )
    return false;
  for (const block of content) if (!isTextBlock(block)) return false;
  return true;
}

function isTextBlock(block: unknown): boolean {
  if (!isPlainObject(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
  let keys = 0;
  for (const key in block) if (keys++ === 0 && key !== 'type') return false;
  return keys === 2;
}
