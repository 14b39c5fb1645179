import type { Tool } from '@modelcontextprotocol/client';

/** The `ui://` view an MCP Apps tool declares (`_meta.ui.resourceUri`, or the older flat key), if any. */
export function appViewOf(tool: Pick<Tool, '_meta'> | undefined): string | undefined {
  const meta = tool?._meta as Record<string, unknown> | undefined;
  const nested = (meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri;
  const uri = nested ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' ? uri : undefined;
}

/** What the terminal says of a tool with a view: it does not render it, and shows the text instead. */
export function appViewNote(view: string): string {
  return `has a UI (${view}), not rendered in the terminal: its text is shown`;
}
