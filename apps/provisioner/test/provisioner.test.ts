import { silentLogger } from '@tessera/core';
import {
  answer,
  connectInMemory,
  createFlowTester,
  sendRaw,
  type FetchServable,
  type FlowRun,
  type FlowScript,
} from '@tessera/testing';
import { createDecoratedProvisioner } from '../src/decorated-provisioner';
import { createLowLevelProvisioner } from '../src/low-level-provisioner';

const servers: Array<[string, () => FetchServable & { close(): Promise<void> }]> = [
  ['low-level', () => createLowLevelProvisioner({ logger: silentLogger })],
  ['decorated', () => createDecoratedProvisioner({ logger: silentLogger })],
];

/** Runs one provision flow against a fresh server, answering from the script, then stops the server. */
async function flowFor(
  server: FetchServable & { close(): Promise<void> },
  answers: FlowScript['answers'],
  args: Record<string, unknown>,
): Promise<FlowRun> {
  const tester = await createFlowTester(server, { capabilities: { elicitation: { form: {} } } });
  try {
    return await tester.callTool('provision', args, { answers });
  } finally {
    await tester.close();
    await server.close();
  }
}

describe.each(servers)('%s provisioner', (_label, make) => {
  test('lists one provision tool with name and size', async () => {
    const server = make();
    const client = await connectInMemory(server);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: 'provision',
      title: 'Provision a machine',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 }, size: { enum: ['small', 'large'] } },
        required: ['name'],
      },
    });
    await server.close();
  });

  test('asks which region, then provisions there', async () => {
    const flow = await flowFor(make(), { region: answer.accept({ region: 'us-east' }) }, { name: 'db-7' });
    flow
      .expectRounds(1)
      .expectAsked(1, {
        region: {
          message: 'Which region should db-7 run in?',
          schema: { properties: { region: { enum: ['eu-west', 'us-east', 'ap-south'] } } },
        },
      })
      .expectResult({
        content: [{ type: 'text', text: 'Provisioned db-7 (small) in us-east.' }],
        structuredContent: { name: 'db-7', size: 'small', region: 'us-east' },
      });
  });

  test('an answer outside the offered regions is asked again', async () => {
    const flow = await flowFor(
      make(),
      { region: [answer.wrong({ region: 'moon-base' }), answer.accept({ region: 'eu-west' })] },
      { name: 'web-2', size: 'large' },
    );
    flow.expectRounds(2).expectAsked(2, ['region']).expectResult('Provisioned web-2 (large) in eu-west.');
  });

  test('a declined question cancels the provisioning with a tool error', async () => {
    const flow = await flowFor(make(), { region: answer.decline() }, { name: 'web-3' });
    flow.expectRounds(1).expectToolError('Provisioning of web-3 cancelled: no region was chosen.');
  });

  test('the state on the wire is sealed, and a forged one is refused with the fixed -32602', async () => {
    const server = make();
    const capabilities = { elicitation: { form: {} } };
    const first = await sendRaw(
      server,
      'tools/call',
      { name: 'provision', arguments: { name: 'web-4' } },
      { capabilities },
    );
    const state = first.body.result!.requestState as string;
    expect(state).not.toContain('asked');
    const forged = await sendRaw(
      server,
      'tools/call',
      {
        name: 'provision',
        arguments: { name: 'web-4' },
        inputResponses: { region: { action: 'accept', content: { region: 'eu-west' } } },
        requestState: 'asked:region',
      },
      { capabilities },
    );
    expect(forged.body.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    await server.close();
  });

  test('invalid arguments are a tool error before any question', async () => {
    const flow = await flowFor(make(), {}, { name: '', size: 'huge' });
    flow.expectRounds(0).expectToolError(/name/);
  });
});
