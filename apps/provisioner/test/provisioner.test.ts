import type { Client, ElicitResult } from '@modelcontextprotocol/client';
import { silentLogger } from '@tessera/core';
import { connectInMemory, sendRaw, type FetchServable } from '@tessera/testing';
import { createDecoratedProvisioner } from '../src/decorated-provisioner';
import { createLowLevelProvisioner } from '../src/low-level-provisioner';

const servers: Array<[string, () => FetchServable & { close(): Promise<void> }]> = [
  ['low-level', () => createLowLevelProvisioner({ logger: silentLogger })],
  ['decorated', () => createDecoratedProvisioner({ logger: silentLogger })],
];

/** A 2026-07-28 SDK client whose elicitation handler gives the scripted answers in turn. */
async function clientFor(server: FetchServable, answers: ElicitResult[], asked: string[] = []): Promise<Client> {
  const client = await connectInMemory(server, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return answers.shift() ?? ({ action: 'cancel' } as ElicitResult);
  });
  return client;
}

const text = (result: { content?: unknown }) => ((result.content ?? []) as Array<{ text?: string }>)[0]?.text;

describe.each(servers)('%s provisioner', (_label, make) => {
  test('lists one provision tool with name and size', async () => {
    const server = make();
    const client = await connectInMemory(server);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: 'provision',
      title: 'Provision a machine',
      inputSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 }, size: { enum: ['small', 'large'] } }, required: ['name'] },
    });
    await server.close();
  });

  test('asks which region, then provisions there', async () => {
    const server = make();
    const asked: string[] = [];
    const client = await clientFor(server, [{ action: 'accept', content: { region: 'us-east' } }], asked);
    const result = await client.callTool({ name: 'provision', arguments: { name: 'db-7' } });
    expect(text(result)).toBe('Provisioned db-7 (small) in us-east.');
    expect(result.structuredContent).toEqual({ name: 'db-7', size: 'small', region: 'us-east' });
    expect(asked).toEqual(['Which region should db-7 run in?']);
    await server.close();
  });

  test('an answer outside the offered regions is asked again', async () => {
    const server = make();
    const asked: string[] = [];
    const client = await clientFor(server, [{ action: 'accept', content: { region: 'moon-base' } }, { action: 'accept', content: { region: 'eu-west' } }], asked);
    expect(text(await client.callTool({ name: 'provision', arguments: { name: 'web-2', size: 'large' } }))).toBe('Provisioned web-2 (large) in eu-west.');
    expect(asked).toHaveLength(2);
    await server.close();
  });

  test('a declined question cancels the provisioning with a tool error', async () => {
    const server = make();
    const client = await clientFor(server, [{ action: 'decline' }]);
    const result = await client.callTool({ name: 'provision', arguments: { name: 'web-3' } });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Provisioning of web-3 cancelled: no region was chosen.' }] });
    await server.close();
  });

  test('the state on the wire is sealed, and a forged one is refused with the fixed -32602', async () => {
    const server = make();
    const capabilities = { elicitation: { form: {} } };
    const first = await sendRaw(server, 'tools/call', { name: 'provision', arguments: { name: 'web-4' } }, { capabilities });
    const state = first.body.result!.requestState as string;
    expect(state).not.toContain('asked');
    const forged = await sendRaw(
      server,
      'tools/call',
      { name: 'provision', arguments: { name: 'web-4' }, inputResponses: { region: { action: 'accept', content: { region: 'eu-west' } } }, requestState: 'asked:region' },
      { capabilities },
    );
    expect(forged.body.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    await server.close();
  });

  test('invalid arguments are a tool error before any question', async () => {
    const server = make();
    const asked: string[] = [];
    const client = await clientFor(server, [], asked);
    const result = await client.callTool({ name: 'provision', arguments: { name: '', size: 'huge' } });
    expect(result.isError).toBe(true);
    expect(asked).toEqual([]);
    await server.close();
  });
});
