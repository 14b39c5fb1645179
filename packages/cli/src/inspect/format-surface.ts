import type { AppSurface, HandlerSurface, PromptSurface, QuestionSurface, ToolSurface } from '@tessera/core/advanced';

const indent = (lines: string[], by: string): string[] => lines.map((line) => `${by}${line}`);

function pipelineLines(handler: HandlerSurface): string[] {
  return handler.pipeline
    .filter((stage) => stage.runs.length > 0)
    .map((stage) => `${stage.stage}: ${stage.runs.join(' -> ')}`);
}

function questionLine(question: QuestionSurface): string {
  const parts = [`${question.key} ${question.decorator}`];
  if (question.message !== null) parts.push(JSON.stringify(question.message));
  else if (question.decorator === '@Elicit' || question.decorator === '@Elicit.url') parts.push('(message computed)');
  if (question.after.length > 0) parts.push(`after ${question.after.join(', ')}`);
  if (question.conditional) parts.push('when ...');
  parts.push(`(${question.inject})`);
  return parts.join(' ');
}

function schemaLine(schema: unknown): string {
  const { properties, required } = schema as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  const names = Object.entries(properties ?? {}).map(
    ([name, property]) =>
      `${name}${required?.includes(name) ? '' : '?'}: ${typeof property.type === 'string' ? property.type : 'any'}`,
  );
  return names.length === 0 ? '(no arguments)' : names.join(', ');
}

function toolLines(tool: ToolSurface): string[] {
  const lines = [`${tool.name}(${schemaLine(tool.inputSchema)})  ${tool.method}`];
  const body: string[] = [];
  if (tool.description !== undefined) body.push(tool.description);
  if (tool.taskSupport !== 'forbidden') body.push(`task: ${tool.taskSupport}`);
  if (tool.scopes.length > 0) body.push(`scopes: ${tool.scopes.join(' ')}`);
  if (tool.questions.length > 0) body.push('questions:', ...indent(tool.questions.map(questionLine), '  '));
  const pipeline = pipelineLines(tool);
  if (pipeline.length > 0) body.push('pipeline:', ...indent(pipeline, '  '));
  return [...lines, ...indent(body, '    ')];
}

/** A prompt, resource or template: its name (a prompt with its arguments), method, description and pipeline. */
function handlerLines(h: HandlerSurface | PromptSurface): string[] {
  const args =
    'arguments' in h ? `(${h.arguments.map((a) => `${a.name}${a.required === true ? '' : '?'}`).join(', ')})` : '';
  const body = [...(h.description !== undefined ? [h.description] : []), ...pipelineLines(h)];
  return [`${h.name}${args}  ${h.method}`, ...indent(body, '    ')];
}

function section(title: string, items: string[]): string[] {
  return items.length === 0 ? [] : ['', `${title}:`, ...indent(items, '  ')];
}

/** The surface as text: one block per tool, then the other handlers, extensions and request-state settings. */
export function formatSurface(surface: AppSurface): string {
  const { security } = surface;
  return [
    `${surface.name} ${surface.version}${surface.title !== undefined ? ` (${surface.title})` : ''}`,
    ...section(`tools (${surface.tools.length})`, surface.tools.flatMap(toolLines)),
    ...section(`prompts (${surface.prompts.length})`, surface.prompts.flatMap(handlerLines)),
    ...section(`resources (${surface.resources.length})`, surface.resources.flatMap(handlerLines)),
    ...section(`resource templates (${surface.templates.length})`, surface.templates.flatMap(handlerLines)),
    '',
    `skills: ${surface.skills ? 'served' : 'none'}`,
    `extensions: ${surface.extensions.length === 0 ? 'none' : surface.extensions.join(', ')}`,
    `request state: keys ${security.keySource}, ttl ${security.ttlSeconds}s, audience ${security.audience ?? 'none'}, ` +
      `single use ${security.singleUse ? 'on' : 'off'}${security.recordsIdempotentLegs ? ' (idempotent legs recorded)' : ''}, ` +
      `principal binding ${security.bindsPrincipal ? 'on' : 'off'}`,
  ].join('\n');
}
