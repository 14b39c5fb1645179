import type { AppSurface, ToolSurface } from '@tessera/core/advanced';
import { countSurface, diffSurface, formatSurfaceChanges } from '../src/dev/surface-diff';

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });

function tool(name: string, overrides: Partial<ToolSurface> = {}): ToolSurface {
  return {
    name,
    method: `Tickets.${name}`,
    pipeline: [],
    inputSchema: schema({ title: { type: 'string' } }),
    taskSupport: 'forbidden',
    questions: [],
    scopes: [],
    ...overrides,
  };
}

function surface(parts: Partial<AppSurface> = {}): AppSurface {
  return {
    name: 'tickets',
    version: '0.1.0',
    tools: [],
    prompts: [],
    resources: [],
    templates: [],
    skills: false,
    extensions: [],
    security: {
      keySource: 'ephemeral',
      ttlSeconds: 600,
      audience: null,
      singleUse: false,
      recordsIdempotentLegs: false,
      bindsPrincipal: false,
    },
    ...parts,
  };
}

describe('the surface diff tessera dev prints after a restart', () => {
  it('is empty when nothing a client sees changed, key order included', () => {
    const before = surface({ tools: [tool('check', { inputSchema: { type: 'object', properties: {} } })] });
    const after = surface({ tools: [tool('check', { inputSchema: { properties: {}, type: 'object' } })] });
    expect(diffSurface(before, after)).toEqual([]);
  });

  it('names tools added and removed', () => {
    const changes = diffSurface(surface({ tools: [tool('old')] }), surface({ tools: [tool('new')] }));
    expect(formatSurfaceChanges(changes)).toEqual(['+ tool new', '- tool old']);
  });

  it('names what changed in a tool: its input schema, questions, task support, scopes, description', () => {
    const before = surface({ tools: [tool('open'), tool('same')] });
    const after = surface({
      tools: [
        tool('open', {
          inputSchema: schema({ title: { type: 'string' }, priority: { type: 'string' } }),
          questions: [
            {
              key: 'priority',
              decorator: '@Elicit',
              message: 'Which?',
              after: [],
              conditional: false,
              inject: 'value',
            },
          ],
          taskSupport: 'optional',
          scopes: ['tickets:write'],
          description: 'Opens a ticket',
        }),
        tool('same'),
      ],
    });
    expect(formatSurfaceChanges(diffSurface(before, after))).toEqual([
      '~ tool open: input schema, questions, task support, scopes, description',
    ]);
  });

  it('names prompts, resources and templates added, removed or changed', () => {
    const handler = (name: string, description?: string) => ({
      name,
      method: `Docs.${name}`,
      pipeline: [],
      ...(description !== undefined && { description }),
    });
    const prompt = (description?: string, args = [{ name: 'title', required: true }]) => ({
      ...handler('summarise', description),
      arguments: args,
    });
    const before = surface({
      prompts: [prompt()],
      resources: [handler('docs://readme')],
      templates: [handler('docs://{page}')],
    });
    const after = surface({
      prompts: [
        prompt('Summarise a ticket', [
          { name: 'title', required: true },
          { name: 'audience', required: false },
        ]),
      ],
      resources: [],
      templates: [handler('docs://{page}'), handler('docs://{page}/{section}')],
    });
    expect(formatSurfaceChanges(diffSurface(before, after))).toEqual([
      '~ prompt summarise: arguments, description',
      '- resource docs://readme',
      '+ template docs://{page}/{section}',
    ]);
  });

  it('notices a changed pipeline (a guard added)', () => {
    const guarded = tool('open', { pipeline: [{ stage: 'guards', runs: ['AdminGuard'] }] as ToolSurface['pipeline'] });
    expect(
      formatSurfaceChanges(diffSurface(surface({ tools: [tool('open')] }), surface({ tools: [guarded] }))),
    ).toEqual(['~ tool open: pipeline']);
  });

  it('counts what an app serves, in the words of the first line', () => {
    expect(countSurface(surface({ tools: [tool('a'), tool('b')], prompts: [] }))).toBe('2 tools, 0 prompts');
    const one = { name: 'x', method: 'X.x', pipeline: [] };
    const prompt = { ...one, arguments: [] };
    expect(countSurface(surface({ tools: [tool('a')], prompts: [prompt], resources: [one], templates: [one] }))).toBe(
      '1 tool, 1 prompt, 1 resource, 1 resource template',
    );
  });
});
