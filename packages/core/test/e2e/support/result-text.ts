/** The text of a result's first content block (tools answer text blocks in these tests). */
export function textOf(result: { content?: unknown }): string {
  const blocks = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return blocks[0]?.text ?? '';
}
