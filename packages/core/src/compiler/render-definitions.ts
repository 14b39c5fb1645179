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
    inputSchema: (plan.argsType ? jsonSchemaForDto(plan.argsType) : NO_ARGUMENTS) as Tool['inputSchema'],
  };
  if (meta.title) tool.title = meta.title;
  if (meta.description) tool.description = meta.description;
  if (plan.outputType) tool.outputSchema = outputSchemaForDto(plan.outputType) as Tool['outputSchema'];
  if (meta.annotations) tool.annotations = meta.annotations;
  if (meta.icons) tool.icons = meta.icons;
  if (meta._meta) tool._meta = meta._meta;
  return tool;
}

export function renderPrompt(plan: HandlerPlan): Prompt {
  const meta = plan.meta;
  const prompt: Prompt = { name: plan.ref.name };
  if (meta.title) prompt.title = meta.title;
  if (meta.description) prompt.description = meta.description;
  if (plan.argsType) prompt.arguments = promptArgumentsForDto(plan.argsType) as Prompt['arguments'];
  if (meta.icons) prompt.icons = meta.icons;
  if (meta._meta) prompt._meta = meta._meta;
  return prompt;
}

export function renderResource(plan: HandlerPlan): Resource {
  const meta = plan.meta;
  if (meta.kind !== 'resource') throw new TypeError('renderResource needs a resource plan');
  const resource: Resource = { uri: meta.uri, name: meta.name };
  if (meta.title) resource.title = meta.title;
  if (meta.description) resource.description = meta.description;
  if (meta.mimeType) resource.mimeType = meta.mimeType;
  if (meta.icons) resource.icons = meta.icons;
  if (meta._meta) resource._meta = meta._meta;
  return resource;
}

export function renderTemplate(plan: HandlerPlan): ResourceTemplate {
  const meta = plan.meta;
  if (meta.kind !== 'resource-template') throw new TypeError('renderTemplate needs a resource template plan');
  const template: ResourceTemplate = { uriTemplate: meta.uriTemplate, name: meta.name };
  if (meta.title) template.title = meta.title;
  if (meta.description) template.description = meta.description;
  if (meta.mimeType) template.mimeType = meta.mimeType;
  if (meta.icons) template.icons = meta.icons;
  if (meta._meta) template._meta = meta._meta;
  return template;
}
