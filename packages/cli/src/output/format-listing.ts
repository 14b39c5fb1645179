import type { ListResourceTemplatesResult, Prompt, Resource, Tool } from '@modelcontextprotocol/client';
import { argumentConstraints } from './argument-constraints';
import { appViewNote, appViewOf } from './app-view';

type ResourceTemplate = ListResourceTemplatesResult['resourceTemplates'][number];

type Json = Record<string, unknown>;

function argumentLines(schema: Json | undefined): string[] {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const type = typeof property.type === 'string' ? property.type : 'any';
    const description = typeof property.description === 'string' ? ` - ${property.description}` : '';
    const details = [type, ...(required.has(name) ? ['required'] : []), ...argumentConstraints(property)];
    return `    ${name} (${details.join(', ')})${description}`;
  });
}

const headline = (name: string, title: string | undefined, description: string | undefined): string =>
  `${name}${title && title !== name ? ` (${title})` : ''}${description ? `: ${description}` : ''}`;

export function formatTools(tools: readonly Tool[]): string {
  if (tools.length === 0) return 'no tools';
  return tools
    .map((t) => {
      const view = appViewOf(t);
      const ui = view === undefined ? [] : [`    ${appViewNote(view)}`];
      return [headline(t.name, t.title, t.description), ...ui, ...argumentLines(t.inputSchema as Json)].join('\n');
    })
    .join('\n');
}

export function formatPrompts(prompts: readonly Prompt[]): string {
  if (prompts.length === 0) return 'no prompts';
  return prompts
    .map((p) => {
      const args = (p.arguments ?? []).map(
        (a) => `    ${a.name}${a.required ? ' (required)' : ''}${a.description ? ` - ${a.description}` : ''}`,
      );
      return [headline(p.name, p.title, p.description), ...args].join('\n');
    })
    .join('\n');
}

export function formatResources(resources: readonly Resource[], templates: readonly ResourceTemplate[]): string {
  const lines = [
    ...resources.map((r) => headline(r.uri, r.name, r.description)),
    ...templates.map((t) => `${headline(t.uriTemplate, t.name, t.description)} (template)`),
  ];
  return lines.length === 0 ? 'no resources' : lines.join('\n');
}
