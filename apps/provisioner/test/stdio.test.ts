import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { REGISTER, ROOT } from './support/spawn-sources';

// The stdio mains, spawned from source (the built `node apps/provisioner/dist/<file>.js` runs the same code).
const MAINS = [
  ['low-level', path.join(__dirname, '..', 'src', 'low-level-stdio.ts')],
  ['decorated', path.join(__dirname, '..', 'src', 'decorated-stdio.ts')],
] as const;

async function spawnClient(main: string, mode: 'legacy' | { pin: '2026-07-28' }): Promise<Client> {
  const client = new Client(
    { name: 'stdio-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { region: 'eu-west' } }));
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: ['-r', REGISTER, main], stderr: 'pipe', cwd: ROOT }),
  );
  return client;
}

describe('the provisioners over stdio', () => {
  // Spawned processes transpile the sources on first load (a cold cache on a clean CI clone) on a loaded
  // 2-core machine: four concurrent spawns took 33 s there, so the margin is wide.
  jest.setTimeout(120_000);

  test.concurrent.each(MAINS)('%s, 2026-07-28: the region flow completes', async (_label, main) => {
    const client = await spawnClient(main, { pin: '2026-07-28' });
    try {
      const result = await client.callTool({ name: 'provision', arguments: { name: 'web-9' } });
      expect(result.structuredContent).toEqual({ name: 'web-9', size: 'small', region: 'eu-west' });
    } finally {
      await client.close();
    }
  });

  test.concurrent(
    'low-level, 2025 era: lists the tool; its own InputRequiredResult is -32603 without the legacy bridge',
    async () => {
      const client = await spawnClient(MAINS[0][1], 'legacy');
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['provision']);
        await expect(client.callTool({ name: 'provision', arguments: { name: 'web-9' } })).rejects.toMatchObject({
          code: -32603,
        });
      } finally {
        await client.close();
      }
    },
  );

  test.concurrent(
    'decorated, 2025 era: the @Elicit parameter asks with a push request and the flow completes',
    async () => {
      const client = await spawnClient(MAINS[1][1], 'legacy');
      try {
        const result = await client.callTool({ name: 'provision', arguments: { name: 'web-9' } });
        expect(result.structuredContent).toEqual({ name: 'web-9', size: 'small', region: 'eu-west' });
      } finally {
        await client.close();
      }
    },
  );
});
