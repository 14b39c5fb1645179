import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { AppResourceUi } from '../metadata/definitions/handler.metadata';

/**
 * The view's read result with what its `@AppResource` declares (`csp`, `permissions`, `domain`,
 * `prefersBorder`) in `_meta.ui` of its content: the MCP Apps spec has hosts take the content's value over the
 * list entry's, which may be stale or never fetched. What the method put in a content item's own `_meta.ui` wins.
 */
export function withViewMeta(result: ReadResourceResult, uri: string, ui: AppResourceUi): ReadResourceResult {
  if (Object.keys(ui).length === 0) return result;
  return {
    ...result,
    contents: result.contents.map((item) => {
      if (item.uri !== uri) return item;
      const meta = item._meta as Record<string, unknown> | undefined;
      const own = meta?.ui as Record<string, unknown> | undefined;
      return { ...item, _meta: { ...meta, ui: { ...ui, ...own } } };
    }),
  };
}
