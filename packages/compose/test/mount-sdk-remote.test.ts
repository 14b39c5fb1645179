import { TesseraClient } from '@tessera/client';
import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { mountRemote, RemoteMountError, type RemoteMount } from '@tessera/compose';
import { fixture, REGISTER, ROOT } from './support/spawned-remote';

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe('a plain SDK McpServer in a child process, mounted under "shop" over stdio', () => {
  jest.setTimeout(120_000);
  let mount: RemoteMount;
  let app: TesseraApp;
  let caller: TesseraClient;
  const asked: string[] = [];
  const debugLines: unknown[][] = [];

  beforeAll(async () => {
    const debug = jest.spyOn(console, 'debug').mockImplementation((...line) => void debugLines.push(line));
    mount = await mountRemote({
      prefix: 'shop',
      command: process.execPath,
      args: ['-r', REGISTER, fixture('remote-sdk-stdio.fixture.ts')],
      cwd: ROOT,
    }).finally(() => debug.mockRestore());
    app = createApp({
      name: 'gateway',
      version: '1.0.0',
      providers: [],
      imports: [mount.module],
      logger: silentLogger,
    });
    caller = new TesseraClient({
      elicitation: async (params) => {
        asked.push(params.message);
        return { action: 'accept', content: { value: params.message.startsWith('Colour') ? 'red' : 'L' } };
      },
    });
    await caller.connect({ fetch: (request) => app.fetch(request) });
  });

  afterAll(async () => {
    await caller?.close();
    await app?.close();
    await mount?.close(); // ends the child process with the stdio connection
  });

  test('asks only for the kinds the remote advertises (no resources here: nothing asked, nothing logged)', () => {
    expect(debugLines).toEqual([]);
  });

  test('lists its tools and prompt under the prefix', async () => {
    const tools = (await caller.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(['shop_add', 'shop_order']);
    expect(tools.find((t) => t.name === 'shop_add')!.inputSchema).toMatchObject({
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    const prompts = (await caller.listPrompts()).prompts;
    expect(prompts).toEqual([
      expect.objectContaining({ name: 'shop_haiku', arguments: [expect.objectContaining({ name: 'topic' })] }),
    ]);
    expect((await caller.listResources()).resources).toEqual([]);
  });

  test('forwards a call and a prompt', async () => {
    expect(text(await caller.callTool({ name: 'shop_add', arguments: { a: 2, b: 3 } }))).toBe('5');
    const prompt = await caller.getPrompt({ name: 'shop_haiku', arguments: { topic: 'tea' } });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'Write a haiku on tea' });
  });

  test("the remote's own requestState crosses our caller's rounds sealed inside ours", async () => {
    asked.length = 0;
    const result = await caller.callTool({ name: 'shop_order', arguments: {} });
    expect(text(result)).toBe('ordered a L red shirt');
    expect(asked).toEqual(['Colour?', 'Size of the red shirt?']);
  });

  test('answers seeded on the first leg reach the remote', async () => {
    // the colour answered up front: the remote asks only for the size
    const r = await caller.callTool(
      { name: 'shop_order', arguments: {} },
      { inputResponses: { colour: { action: 'accept', content: { value: 'red' } } } },
    );
    expect(text(r)).toBe('ordered a L red shirt');
  });
});

describe('a 2025-era remote (push requests)', () => {
  jest.setTimeout(120_000);

  test('a question it pushes mid-call fails the call with a reason, and plain calls still pass', async () => {
    const mount = await mountRemote({
      prefix: 'old',
      command: process.execPath,
      args: ['-r', REGISTER, fixture('remote-sdk-stdio.fixture.ts')],
      env: { ...(process.env as Record<string, string>), LEGACY: '1' },
      cwd: ROOT,
    });
    const app = createApp({
      name: 'gw',
      version: '1.0.0',
      providers: [],
      imports: [mount.module],
      logger: silentLogger,
    });
    const caller = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { value: 'x' } }) });
    try {
      await caller.connect({ fetch: (request) => app.fetch(request) });
      expect(text(await caller.callTool({ name: 'old_add', arguments: { a: 1, b: 1 } }))).toBe('2');
      const r = await caller.callTool({ name: 'old_order', arguments: {} });
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('questions pass through only from a 2026-07-28 remote');
    } finally {
      await caller.close();
      await app.close();
      await mount.close();
    }
  });
});

describe('a remote that is down', () => {
  test('at start: mountRemote fails naming the mount and the address', async () => {
    const error = await mountRemote({ prefix: 'gone', url: 'http://127.0.0.1:9/mcp', connectTimeoutMs: 5000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RemoteMountError);
    expect((error as Error).message).toMatch(
      /^mount "gone": could not connect to the MCP server at http:\/\/127\.0\.0\.1:9\/mcp: /,
    );
  });

  test('options are checked before anything connects', async () => {
    await expect(mountRemote({ prefix: 'x', url: 'http://127.0.0.1:9/mcp', header: {} } as never)).rejects.toThrow(
      '"header" is not an option',
    );
    await expect(mountRemote({ prefix: 'x' } as never)).rejects.toThrow(
      'give exactly one of url (Streamable HTTP) or command (stdio)',
    );
    await expect(mountRemote({ prefix: 'a b', url: 'http://x' })).rejects.toThrow('prefix must be');
    await expect(mountRemote({ prefix: 'x', command: 'node', forwardAuth: true })).rejects.toThrow(
      'forwardAuth needs url',
    );
    await expect(mountRemote({ prefix: 'x', url: 'http://x', remoteTaskTimeoutMs: 0 })).rejects.toThrow(
      'remoteTaskTimeoutMs must be a positive number of milliseconds, got 0.',
    );
  });
});
