import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { textOf } from './support/result-text';

// The app runs in a child process, from source: the register hook maps @tessera/* and transpiles
// (cached on disk, so a spawn costs well under a second once warm).
const REGISTER = path.join(__dirname, 'support', 'register-sources.cjs');
const APP = path.join(__dirname, 'fixtures', 'stdio-app.fixture.ts');

async function spawnClient(mode: 'legacy' | { pin: '2026-07-28' }): Promise<Client> {
  const client = new Client({ name: `stdio-${typeof mode === 'string' ? mode : 'modern'}`, version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode } });
  const transport = new StdioClientTransport({ command: process.execPath, args: ['-r', REGISTER, APP], stderr: 'pipe', cwd: path.resolve(__dirname, '../../../..') });
  await client.connect(transport);
  return client;
}

describe('stdio (a spawned app process)', () => {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  test.concurrent.each([
    ['2026-07-28', { pin: '2026-07-28' } as const, 'modern'],
    ['2025 (legacy)', 'legacy' as const, 'legacy'],
  ])('%s: connects, lists and calls tools', async (_label, mode, era) => {
    const client = await spawnClient(mode);
    clients.push(client);
    expect(client.getServerVersion()).toMatchObject({ name: 'stdio-app', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'whoami']);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'over a pipe' } }))).toBe('echo: over a pipe');
    const seen = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: {} })));
    expect(seen.era).toBe(era);
    // a stdio connection keeps its handshake, so both eras know the protocol and the client
    expect(seen.protocol).toMatch(era === 'modern' ? /^2026-07-28$/ : /^2025-/);
    expect(seen.client).toBe(era === 'modern' ? 'stdio-modern' : 'stdio-legacy');
    const invalid = await client.callTool({ name: 'echo', arguments: { text: 42 } });
    expect(invalid.isError).toBe(true);
  });
});
