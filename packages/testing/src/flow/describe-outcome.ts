import type { FlowOutcome } from './flow-round';

/** `a result ("provisioned web1 in eu")` or `JSON-RPC error -32602 "Invalid or expired requestState"`. */
export function describeOutcome(outcome: FlowOutcome): string {
  if (outcome.kind === 'error') return `JSON-RPC error ${outcome.error.code} ${JSON.stringify(outcome.error.message)}`;
  const text = resultText(outcome.result);
  const isError = outcome.result.isError === true ? 'a tool error' : 'a result';
  return text === ''
    ? `${isError} ${truncate(JSON.stringify(outcome.result))}`
    : `${isError} (${JSON.stringify(truncate(text))})`;
}

/**
 * The text of a result: a tool's text content blocks, a prompt's text messages, a resource's text contents,
 * joined with newlines.
 */
export function resultText(result: Record<string, unknown>): string {
  const texts: string[] = [];
  const content = result.content;
  if (Array.isArray(content)) for (const block of content) pushText(texts, block);
  if (Array.isArray(result.messages))
    for (const message of result.messages) pushText(texts, (message as { content?: unknown }).content);
  if (Array.isArray(result.contents)) for (const item of result.contents) pushText(texts, item);
  return texts.join('\n');
}

function pushText(texts: string[], block: unknown): void {
  const text = (block as { text?: unknown } | null)?.text;
  if (typeof text === 'string') texts.push(text);
}

function truncate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
