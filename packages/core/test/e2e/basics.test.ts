import { createApp, silentLogger, type LogFields } from '@tessera/core';
import { connectInMemory as connectTo, connectLoopback } from '@tessera/testing';
import type { Client } from '@modelcontextprotocol/client';
import { Content, MachineTools } from './fixtures';

function makeApp(logs: Array<[string, LogFields | undefined]> = []) {
  const logger = { ...silentLogger, error: (m: string, f?: LogFields) => logs.push([m, f]) };
  return createApp({ name: 'machines', version: '1.0.0', providers: [MachineTools, Content], logger });
}

type Mode = 'memory' | 'http';
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe.each<Mode>(['memory', 'http'])('a decorated server over the real SDK client (2026-07-28, %s)', (mode) => {
  async function connectInMemory(app: ReturnType<typeof makeApp>): Promise<Client> {
    if (mode === 'memory') return connectTo(app);
    const connection = await connectLoopback(app);
    closers.push(connection.close);
    return connection.client;
  }

  test('tools/list shows generated schemas', async () => {
    const client = await connectInMemory(makeApp());
    const { tools } = await client.listTools();
    const provision = tools.find((t) => t.name === 'provision')!;
    expect(provision.description).toBe('Provision a machine');
    expect(provision.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 3, description: 'Machine name' },
        region: { enum: ['eu', 'us'] },
        size: { type: 'integer', minimum: 1, maximum: 16 },
      },
      required: ['name', 'region'],
    });
    expect(tools.map((t) => t.name)).toEqual(['provision', 'explode', 'refuse', 'whoami']);
  });

  test('tools/call validates and runs', async () => {
    const client = await connectInMemory(makeApp());
    const result = await client.callTool({ name: 'provision', arguments: { name: 'web1', region: 'eu', size: 2 } });
    expect(result.content).toEqual([{ type: 'text', text: 'provisioned web1 in eu (size 2)' }]);
    expect(result.isError).toBeFalsy();
  });

  test('invalid arguments name every bad field', async () => {
    const client = await connectInMemory(makeApp());
    const result = await client.callTool({
      name: 'provision',
      arguments: { name: 'x', region: 'mars', size: 99, extra: 1 },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0].text;
    expect(text).toMatch(/^Invalid arguments for tool "provision": /);
    for (const field of ['name', 'region', 'size', 'extra']) expect(text).toContain(`${field}:`);
  });

  test('unknown tool is -32602', async () => {
    const client = await connectInMemory(makeApp());
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: nope'),
    });
  });

  test('an unexpected error is masked and logged with a reference', async () => {
    const logs: Array<[string, LogFields | undefined]> = [];
    const client = await connectInMemory(makeApp(logs));
    const result = await client.callTool({ name: 'explode', arguments: {} });
    const text = (result.content as Array<{ text: string }>)[0].text;
    expect(result.isError).toBe(true);
    expect(text).toMatch(/^Internal error \(ref [0-9a-f]{8}\)$/);
    expect(text).not.toContain('hunter2');
    const ref = /ref ([0-9a-f]{8})/.exec(text)![1];
    expect(logs).toHaveLength(1);
    expect(logs[0][1]).toMatchObject({ ref, target: 'explode' });
  });

  test('a ToolError reaches the client as an isError result', async () => {
    const client = await connectInMemory(makeApp());
    const result = await client.callTool({ name: 'refuse', arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'quota exceeded' }] });
  });

  test('the context tells protocol and client', async () => {
    const client = await connectInMemory(makeApp());
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toEqual({
      protocol: '2026-07-28',
      era: 'modern',
      client: 'tessera-test-client',
    });
  });

  test('prompts/get and resources/read, static and templated', async () => {
    const client = await connectInMemory(makeApp());
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Say hello to Ada' } }]);
    const config = await client.readResource({ uri: 'config://app' });
    expect(config.contents).toEqual([{ uri: 'config://app', mimeType: 'application/json', text: '{"debug":false}' }]);
    const note = await client.readResource({ uri: 'notes://42' });
    expect(note.contents[0]).toMatchObject({ uri: 'notes://42', text: 'note 42' });
  });

  test('unknown resource is -32602 naming the uri', async () => {
    const client = await connectInMemory(makeApp());
    await expect(client.readResource({ uri: 'nothing://here' })).rejects.toMatchObject({
      code: -32602,
      data: { uri: 'nothing://here' },
    });
  });
});
