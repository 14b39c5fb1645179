import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/client';

type Block = CallToolResult['content'][number];

/** One content block as text: text as is, other kinds as a bracketed line saying what they are. */
export function formatBlock(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`;
    case 'resource':
      return 'text' in block.resource
        ? block.resource.text
        : `[resource ${block.resource.uri}, ${block.resource.mimeType ?? 'binary'}]`;
    case 'resource_link':
      return `[link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
    default:
      return JSON.stringify(block);
  }
}

export function formatToolResult(result: CallToolResult): string {
  const text = result.content.map(formatBlock).join('\n');
  if (text !== '' || result.structuredContent === undefined) return text;
  return JSON.stringify(result.structuredContent, null, 2);
}

export function formatPromptResult(result: GetPromptResult): string {
  return result.messages.map((m) => `${m.role}: ${formatBlock(m.content as Block)}`).join('\n');
}

export function formatReadResult(result: ReadResourceResult): string {
  return result.contents.map((c) => ('text' in c ? c.text : `[blob ${c.uri}, ${c.mimeType ?? 'binary'}]`)).join('\n');
}
