/** What a parsed JSON value holds: its keys and array items in all, and its deepest level (the value is level 1). */
export interface ParsedValueSize {
  keys: number;
  items: number;
  deepest: number;
}

/**
 * Measures a parsed value for the request limits, without entering `skipped` (an object counted under
 * other limits). Iterative, so a deep value cannot overflow the stack; undefined as soon as a level past
 * `maxDepth` is reached, so the walk of a too-deep value ends early.
 */
export function measureParsedValue(value: object, maxDepth: number, skipped?: unknown): ParsedValueSize | undefined {
  const size: ParsedValueSize = { keys: 0, items: 0, deepest: 1 };
  // two stacks side by side, not one of pairs: a pair would be an allocation per object of every call
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) return undefined;
    if (depth > size.deepest) size.deepest = depth;
    if (Array.isArray(node)) {
      size.items += node.length;
      for (const item of node)
        if (typeof item === 'object' && item !== null) {
          nodes.push(item);
          depths.push(depth + 1);
        }
      continue;
    }
    for (const key in node) {
      size.keys += 1;
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null && child !== skipped) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return size;
}
