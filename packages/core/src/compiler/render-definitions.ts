import type { Prompt, Resource, ResourceTemplateType as ResourceTemplate, Tool } from '@modelcontextprotocol/server';
import { jsonSchemaForDto } from '../schema/json-schema-for-dto';
import { outputSchemaForDto } from '../schema/output-schema-for-dto';
import { promptArgumentsForDto } from '../schema/prompt-arguments-for-dto';
import type { HandlerPlan } from './handler-plan';

const NO_ARGUMENTS = Object.freeze({ type: 'object' as const, properties: {} });

// List entries are rendered once at startup; every list request serves slices of the same objects.

export function renderTool(plan: HandlerPlan): Tool {
  const meta = plan.meta;
  if (meta.kind !== 'tool') throw new TypeError('renderTool needs a tool plan');
  const tool: Tool = {
    name: plan.ref.name,
    inputSchema: (plan.inputSchema?.schema ??
      (plan.argsType ? jsonSchemaForDto(plan.argsType) : NO_ARGUMENTS)) as Tool['inputSchema'],
  };
  if (plan.outputType) tool.outputSchema = outputSchemaForDto(plan.outputType) as Tool['outputSchema'];
  else if (plan.outputSchema) tool.outputSchema = plan.outputSchema.schema as Tool['outputSchema'];
  if (meta.annotations) tool.annotations = meta.annotations;
  return withDescriptiveFields(tool, meta);
}

export function renderPrompt(plan: HandlerPlan): Prompt {
  const prompt: Prompt = { name: plan.ref.name };
  if (plan.argsType) prompt.arguments = promptArgumentsForDto(plan.argsType) as Prompt['arguments'];
  return withDescriptiveFields(prompt, plan.meta);
}

export function renderResource(plan: HandlerPlan): Resource {
  const meta = plan.meta;
  if (meta.kind !== 'resource') throw new TypeError('renderResource needs a resource plan');
  return withDescriptiveFields({ uri: meta.uri, name: meta.name } as Resource, meta);
}

export function renderTemplate(plan: HandlerPlan): ResourceTemplate {
  const meta = plan.meta;
  if (meta.kind !== 'resource-template') throw new TypeError('renderTemplate needs a resource template plan');
  return withDescriptiveFields({ uriTemplate: meta.uriTemplate, name: meta.name } as ResourceTemplate, meta);
}

/** The optional fields every kind of definition shares, in the order a definition has them. */
const DESCRIPTIVE_FIELDS = ['title', 'description', 'mimeType', 'icons', '_meta'] as const;

/**
 * Copies the optional fields every kind of definition shares, leaving absent ones absent on the wire. One
 * shared key list walked by index: no array and no iterator results per definition.
 */
function withDescriptiveFields<T extends object>(target: T, meta: HandlerPlan['meta']): T {
  const out = target as Record<string, unknown>;
  for (let i = 0; i < DESCRIPTIVE_FIELDS.length; i++) {
    const key = DESCRIPTIVE_FIELDS[i]!;
    const value = (meta as unknown as Record<string, unknown>)[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return target;
}
