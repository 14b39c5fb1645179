import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { textOf } from './support/result-text';

// The app runs in a child process, from source: the register hook maps @tessera/* and transpiles
// (cached on disk, so a spawn costs well under a second once warm).
const REGISTER = path.join(__dirname, 'support', 'register-sources.cjs');
const APP = path.join(__dirname, 'fixtures', 'stdio-app.fixture.ts');

/** Resolves with the first stderr line containing `needle`, waiting for more output if needed (no polling). */
function stderrLine(
  stderr: string[],
  stream: Pick<NodeJS.EventEmitter, 'on' | 'off'> | null | undefined,
  needle: string,
): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      const line = stderr
        .join('')
        .split('\n')
        .find((l) => l.includes(needle));
      if (line === undefined) return false;
      stream?.off('data', onData);
      resolve(line);
      return true;
    };
    const onData = () => void check();
    if (!check()) stream?.on('data', onData);
  });
}

async function spawnClient(
  mode: 'legacy' | { pin: '2026-07-28' },
): Promise<{ client: Client; stderr: string[]; stream: Pick<NodeJS.EventEmitter, 'on' | 'off'> | null }> {
  const client = new Client(
    { name: `stdio-${typeof mode === 'string' ? mode : 'modern'}`, version: '1.0.0' },
    { capabilities: {}, versionNegotiation: { mode } },
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['-r', REGISTER, APP],
    stderr: 'pipe',
    cwd: path.resolve(__dirname, '../../../..'),
  });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  await client.connect(transport);
  return { client, stderr, stream: transport.stderr };
}

describe('stdio (a spawned app process)', () => {
  // Spawned processes transpile the sources on first load (a cold cache on a clean CI clone) on a loaded
  // 2-core machine: four concurrent spawns took 33 s there, so the margin is wide.
  jest.setTimeout(120_000);

  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  test.concurrent.each([
    ['2026-07-28', { pin: '2026-07-28' } as const, 'modern'],
    ['2025 (legacy)', 'legacy' as const, 'legacy'],
  ])('%s: connects, lists and calls tools', async (_label, mode, era) => {
    const { client, stderr, stream } = await spawnClient(mode);
    clients.push(client);
    expect(client.getServerVersion()).toMatchObject({ name: 'stdio-app', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'boom', 'whoami']);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'over a pipe' } }))).toBe(
      'echo: over a pipe',
    );
    const seen = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: {} })));
    expect(seen.era).toBe(era);
    // a stdio connection keeps its handshake, so both eras know the protocol and the client
    expect(seen.protocol).toMatch(era === 'modern' ? /^2026-07-28$/ : /^2025-/);
    expect(seen.client).toBe(era === 'modern' ? 'stdio-modern' : 'stdio-legacy');
    const invalid = await client.callTool({ name: 'echo', arguments: { text: 42 } });
    expect(invalid.isError).toBe(true);

    // A failure is logged by the default logger on stderr; stdout (the MCP stream) stays intact.
    const failed = await client.callTool({ name: 'boom', arguments: {} });
    const ref = /ref ([0-9a-f]{8})/.exec(textOf(failed))![1];
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still fine' } }))).toBe('echo: still fine');
    const logLine = await stderrLine(stderr, stream, ref);
    expect(JSON.parse(logLine)).toMatchObject({ level: 'error', message: 'handler failed', target: 'boom', ref });
  });
});
