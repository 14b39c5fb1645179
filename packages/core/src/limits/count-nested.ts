import {
  BYTE_CLASS,
  CLOSE_ARRAY,
  IS_COLON,
  IS_COMMA,
  IS_OPEN,
  IS_QUOTE,
  OPEN_ARRAY,
  skipNested,
  skipSpace,
  stringEnd,
} from './json-bytes';
import { SLICE_BYTES, type Steps } from './run-in-slices';

/** What a container holds, counted over its whole tree, as the post-parse checks count it on the parsed value. */
export interface NestedCounts {
  keys: number;
  items: number;
  /** Deepest nesting, the container itself being 1; counting stops one past the `maxDepth` given. */
  depth: number;
}

/**
 * The counting loop over one container, from its opening bracket at `open`: keys are the colons outside
 * strings, items the values of arrays (a comma at array level, plus one for a non-empty array), depth
 * the nesting. Past `maxDepth` the answer is known (depth is reported first), so the rest is skipped
 * without a stack deeper than the limit. Returns the index just past the container, or -1 if malformed.
 */
export function* countNested(b: Uint8Array, open: number, counts: NestedCounts, maxDepth: number): Steps<number> {
  const cap = maxDepth > 0 ? maxDepth : 0; // a caller's room may be used up before this container opens
  const isArray = new Uint8Array(cap + 2); // per open level: commas there separate items, not members
  const n = b.length;
  let depth = 0;
  let deepest = 0;
  let keys = 0;
  let items = 0;
  let i = open;
  scan: while (i < n) {
    const stop = i + SLICE_BYTES < n ? i + SLICE_BYTES : n;
    for (; i < stop; i += 1) {
      const c = b[i]!;
      const k = BYTE_CLASS[c]!;
      if (k === 0) continue; // digits, letters, whitespace: most bytes outside strings
      if (k === IS_QUOTE) {
        i = stringEnd(b, i);
        if (i < 0) return -1;
      } else if (k === IS_COMMA) {
        items += isArray[depth]!;
      } else if (k === IS_COLON) {
        keys += 1;
      } else if (k === IS_OPEN) {
        depth += 1;
        if (depth > cap) {
          deepest = depth;
          i = yield* skipNested(b, i + 1, depth);
          break scan;
        }
        if (depth > deepest) deepest = depth;
        if (c === OPEN_ARRAY) {
          isArray[depth] = 1;
          if (b[skipSpace(b, i + 1)] !== CLOSE_ARRAY) items += 1;
        } else isArray[depth] = 0;
      } else if (--depth === 0) {
        // IS_CLOSE: the bracket closing the container ends the count
        i += 1;
        break scan;
      }
    }
    yield;
  }
  counts.keys = keys;
  counts.items = items;
  counts.depth = deepest;
  return depth === 0 || deepest > cap ? i : -1;
}
