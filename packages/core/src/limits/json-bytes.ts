/**
 * Stepping over JSON text held as UTF-8 bytes, without decoding it. Every character that gives JSON its
 * structure is ASCII, and no byte of a multi-byte UTF-8 sequence is below 0x80, so these bytes mean the
 * same here as in the decoded text (an invalid sequence decodes to U+FFFD without swallowing ASCII).
 * Each function returns an index and never allocates: they run over every byte of large bodies. Those
 * that step over containers, unbounded, are generators that yield every SLICE_BYTES (run-in-slices).
 */
import { SLICE_BYTES, type Steps } from './run-in-slices';

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;

/** What each byte is to the loops over containers: 0 for the bytes they step over (most of them). */
export const BYTE_CLASS = new Uint8Array(256);
export const IS_QUOTE = 1;
export const IS_COMMA = 2;
export const IS_COLON = 3;
export const IS_OPEN = 4;
export const IS_CLOSE = 5;
BYTE_CLASS[QUOTE] = IS_QUOTE;
BYTE_CLASS[COMMA] = IS_COMMA;
BYTE_CLASS[COLON] = IS_COLON;
BYTE_CLASS[OPEN_OBJECT] = BYTE_CLASS[OPEN_ARRAY] = IS_OPEN;
BYTE_CLASS[CLOSE_OBJECT] = BYTE_CLASS[CLOSE_ARRAY] = IS_CLOSE;

/** Below this many bytes a string is walked byte by byte; past it, the native indexOf finds its end faster. */
const SHORT_STRING = 32;

/** Index of the first byte from `from` that is not JSON whitespace (space, tab, LF, CR). */
export function skipSpace(b: Uint8Array, from: number): number {
  let i = from;
  for (;;) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i += 1;
  }
}

/** Index of the quote closing the string whose opening quote is at `open`, or -1 if it never closes. */
export function stringEnd(b: Uint8Array, open: number): number {
  const n = b.length;
  let i = open + 1;
  // keys and short values end within a few bytes: a plain loop costs less than a call into indexOf
  // (no Math.min: a global looked up per string is slow where the code runs in a vm context, as under jest)
  const stop = i + SHORT_STRING < n ? i + SHORT_STRING : n;
  for (; i < stop; i += 1) {
    const c = b[i];
    if (c === QUOTE) return i;
    if (c === BACKSLASH) i += 1;
  }
  // a long string (a file, a document): jump from quote to quote; one after an odd run of backslashes is escaped
  while (i < n) {
    const q = b.indexOf(QUOTE, i);
    if (q < 0) return -1;
    let slashes = 0;
    while (b[q - 1 - slashes] === BACKSLASH) slashes += 1;
    if ((slashes & 1) === 0) return q;
    i = q + 1;
  }
  return -1;
}

/**
 * Index just past the value starting at `start` (not whitespace), or -1 if it does not end. Containers
 * are skipped by counting brackets outside strings; their contents are not checked (JSON.parse does that).
 */
export function* skipValue(b: Uint8Array, start: number): Steps<number> {
  const c = b[start];
  if (c === QUOTE) {
    const end = stringEnd(b, start);
    return end < 0 ? -1 : end + 1;
  }
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) return yield* skipNested(b, start + 1, 1);
  return scalarEnd(b, start);
}

/** Index just past the containers still open (`depth` of them) from `from`, or -1. */
export function* skipNested(b: Uint8Array, from: number, depth: number): Steps<number> {
  const n = b.length;
  let open = depth;
  let i = from;
  while (i < n) {
    const stop = i + SLICE_BYTES < n ? i + SLICE_BYTES : n;
    for (; i < stop; i += 1) {
      const k = BYTE_CLASS[b[i]!]!;
      if (k === 0) continue;
      if (k === IS_QUOTE) {
        i = stringEnd(b, i);
        if (i < 0) return -1;
      } else if (k === IS_OPEN) open += 1;
      else if (k === IS_CLOSE && --open === 0) return i + 1;
    }
    yield;
  }
  return -1;
}

/** Index just past a number or literal (`true`, `null`, ...): the first delimiter after it. */
function scalarEnd(b: Uint8Array, start: number): number {
  const n = b.length;
  let i = start;
  while (i < n) {
    const c = b[i];
    if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)
      break;
    i += 1;
  }
  return i === start ? -1 : i;
}
