import type { AppSurface } from '@tessera/core/advanced';
import { formatSurface } from '../src/inspect/format-surface';

const surface: AppSurface = {
  name: 'tickets',
  version: '0.1.0',
  tools: [],
  prompts: [
    {
      name: 'summarise',
      method: 'Tickets.summarise',
      description: 'Summarise a ticket',
      pipeline: [{ stage: 'guards', runs: ['SignedIn'] }] as AppSurface['prompts'][number]['pipeline'],
      arguments: [
        { name: 'title', description: 'The ticket', required: true },
        { name: 'audience', required: false },
      ],
    },
  ],
  resources: [{ name: 'tickets://open', method: 'Tickets.open', description: 'Open tickets', pipeline: [] }],
  templates: [{ name: 'tickets://{id}', method: 'Tickets.one', pipeline: [] }],
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
};

describe('tessera inspect as text: prompts, resources and templates', () => {
  it('shows a prompt with its arguments (optional ones marked), its description and its pipeline', () => {
    expect(formatSurface(surface)).toContain(
      [
        'prompts (1):',
        '  summarise(title, audience?)  Tickets.summarise',
        '      Summarise a ticket',
        '      guards: SignedIn',
        '',
        'resources (1):',
        '  tickets://open  Tickets.open',
        '      Open tickets',
        '',
        'resource templates (1):',
        '  tickets://{id}  Tickets.one',
      ].join('\n'),
    );
  });
});
