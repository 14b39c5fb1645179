import { isDeepStrictEqual } from 'node:util';
import type { AppSurface, HandlerSurface, PromptSurface, ToolSurface } from '@tessera/core/advanced';

export type SurfaceKind = 'tool' | 'prompt' | 'resource' | 'template';

/** One thing a rebuild changed in what the app declares. */
export interface SurfaceChange {
  kind: SurfaceKind;
  name: string;
  change: 'added' | 'removed' | 'changed';
  /** For `changed`: which parts (`input schema`, `questions`, a prompt's `arguments`, ...), in a fixed order. */
  parts?: string[];
}

type Aspects<T> = ReadonlyArray<readonly [string, (item: T) => unknown]>;

const HANDLER_ASPECTS: Aspects<HandlerSurface> = [
  ['description', (h) => h.description],
  ['pipeline', (h) => h.pipeline],
];

const PROMPT_ASPECTS: Aspects<PromptSurface> = [['arguments', (p) => p.arguments], ...HANDLER_ASPECTS];

const TOOL_ASPECTS: Aspects<ToolSurface> = [
  ['input schema', (t) => t.inputSchema],
  ['questions', (t) => t.questions],
  ['task support', (t) => t.taskSupport],
  ['scopes', (t) => t.scopes],
  ...HANDLER_ASPECTS,
];

function diffList<T extends HandlerSurface>(
  kind: SurfaceKind,
  before: readonly T[],
  after: readonly T[],
  aspects: Aspects<T>,
): SurfaceChange[] {
  const old = new Map(before.map((item) => [item.name, item]));
  const now = new Map(after.map((item) => [item.name, item]));
  const changes: SurfaceChange[] = [];
  for (const item of after) {
    const previous = old.get(item.name);
    if (previous === undefined) {
      changes.push({ kind, name: item.name, change: 'added' });
      continue;
    }
    const parts = aspects.filter(([, read]) => !isDeepStrictEqual(read(previous), read(item))).map(([part]) => part);
    if (parts.length > 0) changes.push({ kind, name: item.name, change: 'changed', parts });
  }
  for (const item of before) if (!now.has(item.name)) changes.push({ kind, name: item.name, change: 'removed' });
  return changes;
}

/** What changed between two descriptions of an app: tools, prompts, resources and templates added, removed or changed. */
export function diffSurface(before: AppSurface, after: AppSurface): SurfaceChange[] {
  return [
    ...diffList('tool', before.tools, after.tools, TOOL_ASPECTS),
    ...diffList('prompt', before.prompts, after.prompts, PROMPT_ASPECTS),
    ...diffList('resource', before.resources, after.resources, HANDLER_ASPECTS),
    ...diffList('template', before.templates, after.templates, HANDLER_ASPECTS),
  ];
}

const MARK = { added: '+', removed: '-', changed: '~' } as const;

/** One line per change: `+ tool open_ticket`, `- prompt old`, `~ tool check_title: input schema, description`. */
export function formatSurfaceChanges(changes: readonly SurfaceChange[]): string[] {
  return changes.map(
    (c) => `${MARK[c.change]} ${c.kind} ${c.name}${c.parts !== undefined ? `: ${c.parts.join(', ')}` : ''}`,
  );
}

/** `3 tools, 1 prompt, 2 resources`: what an app serves, for the line that says it is up. */
export function countSurface(surface: AppSurface): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [count(surface.tools.length, 'tool'), count(surface.prompts.length, 'prompt')];
  if (surface.resources.length > 0) parts.push(count(surface.resources.length, 'resource'));
  if (surface.templates.length > 0) parts.push(count(surface.templates.length, 'resource template'));
  return parts.join(', ');
}
