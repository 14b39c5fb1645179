import { createApp, RequestStateSecurity, silentLogger } from '@tessera/core';
import { answer, createFlowTester, FakeClock, FlowAssertionError, type FlowTester } from '@tessera/testing';
import { machinesModule } from './support/flow-fixtures';

let tester: FlowTester;
afterEach(async () => tester?.close());

describe('flow harness: driving flows', () => {
  test('a tool: questions per round, number of rounds and the final result', async () => {
    tester = await createFlowTester(machinesModule);
    const flow = await tester.callTool(
      'provision',
      { name: 'web1' },
      { answers: { region: answer.accept({ region: 'eu' }) } },
    );
    flow
      .expectRounds(1)
      .expectAsked(1, {
        region: {
          kind: 'elicitation',
          mode: 'form',
          message: 'Where should web1 run?',
          schema: { properties: { region: { enum: ['eu', 'us'] } } },
        },
      })
      .expectResult('provisioned web1 in eu');
    expect(flow.rounds[0].answers).toEqual({ region: { action: 'accept', content: { region: 'eu' } } });
    expect(flow.rounds[0].requestState).toEqual(expect.any(String));
  });

  test('a wrong answer is asked again; a list gives one answer per time the key is asked', async () => {
    tester = await createFlowTester(machinesModule);
    const flow = await tester.callTool(
      'provision',
      { name: 'web1' },
      { answers: { region: [answer.wrong({ region: 'moon' }), answer.accept({ region: 'us' })] } },
    );
    flow.expectRounds(2).expectAsked(1, ['region']).expectAsked(2, ['region']).expectResult('provisioned web1 in us');
  });

  test('sequential questions take two rounds; a function answer sees the question', async () => {
    tester = await createFlowTester(machinesModule);
    const flow = await tester.callTool(
      'destroy',
      { name: 'db1' },
      {
        answers: {
          region: answer.accept({ region: 'eu' }),
          confirm: (q) => answer.accept({ confirm: q.message === 'Destroy it in eu?' ? 'db1' : 'no' }),
        },
      },
    );
    flow
      .expectRounds(2)
      .expectAsked(1, { region: { message: /Where does db1/ } })
      .expectAsked(2, { confirm: { message: 'Destroy it in eu?' } })
      .expectResult('destroyed db1 in eu');
  });

  test('decline and cancel reach the method', async () => {
    tester = await createFlowTester(machinesModule);
    const declined = await tester.callTool(
      'destroy',
      { name: 'db1' },
      { answers: { region: answer.accept({ region: 'eu' }), confirm: answer.decline() } },
    );
    declined.expectResult('kept db1');
    const cancelled = await tester.callTool('provision', { name: 'web1' }, { answers: { region: answer.cancel() } });
    cancelled.expectRounds(1).expectToolError(/region/);
  });

  test('sampling and roots answers', async () => {
    tester = await createFlowTester(machinesModule);
    const flow = await tester.callTool(
      'summarise',
      {},
      { answers: { summary: answer.sample('all good'), roots: answer.roots(['file:///srv']) } },
    );
    flow
      .expectAsked(1, { summary: { kind: 'sampling' }, roots: { kind: 'roots' } })
      .expectResult('all good over file:///srv');
  });

  test('expectAsked checks the exact set of keys by default; { keys: "subset" } checks some of a round', async () => {
    tester = await createFlowTester(machinesModule);
    const flow = await tester.callTool(
      'summarise',
      {},
      { answers: { summary: answer.sample('all good'), roots: answer.roots(['file:///srv']) } },
    );
    // exact, the default: one of two keys is not enough, in either form
    expect(() => flow.expectAsked(1, ['roots'])).toThrow(
      'tools/call "summarise", round 1: expected the questions [roots], the server asked [summary, roots]',
    );
    expect(() => flow.expectAsked(1, { roots: { kind: 'roots' } })).toThrow(
      'expected the questions [roots], the server asked [summary, roots]',
    );
    expect(() => flow.expectAsked(1, ['summary', 'roots'], { keys: 'exact' })).not.toThrow();
    // subset: the given keys among those asked, each still checked in full
    flow
      .expectAsked(1, ['roots'], { keys: 'subset' })
      .expectAsked(1, { summary: { kind: 'sampling' } }, { keys: 'subset' });
    expect(() => flow.expectAsked(1, { summary: { kind: 'roots' } }, { keys: 'subset' })).toThrow(
      'tools/call "summarise", round 1, question "summary": kind: expected "roots", got "sampling"',
    );
    expect(() => flow.expectAsked(1, ['roots', 'region'], { keys: 'subset' })).toThrow(
      'tools/call "summarise", round 1: expected at least the questions [roots, region], the server asked [summary, roots]',
    );
    expect(() => flow.expectAsked(1, ['roots'], { keys: 'some' as 'subset' })).toThrow(
      `expectAsked: keys must be 'exact' or 'subset', got "some".`,
    );
  });

  test('a prompt and a resource template', async () => {
    tester = await createFlowTester(machinesModule);
    (await tester.getPrompt('plan', { name: 'web1' }, { answers: { region: answer.accept({ region: 'us' }) } }))
      .expectRounds(1)
      .expectResult('Plan web1 in us');
    (await tester.readResource('reports://q3', { answers: { region: answer.accept({ region: 'eu' }) } }))
      .expectAsked(1, { region: { message: 'Report on which region?' } })
      .expectResult({ contents: [{ uri: 'reports://q3', text: 'report q3 for eu' }] });
  });

  test('a fake clock: a retry after the TTL gets the fixed -32602; within it, the flow completes', async () => {
    const clock = new FakeClock();
    tester = await createFlowTester(machinesModule, { clock });
    const late = await tester.callTool(
      'provision',
      { name: 'web1' },
      { answers: { region: answer.accept({ region: 'eu' }) }, beforeRetry: () => clock.advanceSeconds(601) },
    );
    late.expectRounds(1).expectError({ code: -32602, message: 'Invalid or expired requestState' });
    const early = await tester.callTool(
      'provision',
      { name: 'web1' },
      { answers: { region: answer.accept({ region: 'eu' }) }, beforeRetry: () => clock.advanceSeconds(599) },
    );
    early.expectResult('provisioned web1 in eu');
  });

  test('a built app is accepted; capabilities can be narrowed to test gating', async () => {
    const app = createApp({ ...machinesModule, logger: silentLogger });
    tester = await createFlowTester(app, { capabilities: {} });
    (await tester.callTool('provision', { name: 'web1' })).expectRounds(0).expectError({ code: -32021 });
    await app.close();
  });
});

describe('flow harness: failure messages name the call, the round and the question', () => {
  async function failure(run: () => Promise<unknown>): Promise<string> {
    const error = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FlowAssertionError);
    return (error as Error).message;
  }

  beforeEach(async () => {
    tester = await createFlowTester(machinesModule);
  });

  test('a question the script does not answer', async () => {
    expect(
      await failure(() => tester.callTool('provision', { name: 'web1' }, { answers: { zone: answer.accept({}) } })),
    ).toBe(
      'tools/call "provision", round 1: the server asked "region" (elicitation: "Where should web1 run?"), which the script does not answer (it answers "zone")',
    );
  });

  test('a key asked more often than the script has answers', async () => {
    expect(
      await failure(() =>
        tester.callTool('provision', { name: 'web1' }, { answers: { region: [answer.wrong({ region: 'moon' })] } }),
      ),
    ).toBe(
      'tools/call "provision", round 2: the server asked "region" (elicitation: "Where should web1 run?\\n\\nThe previous answer was not accepted: ' +
        'region must be one of the following values: eu, us") for the 2nd time, but the script has only 1 answer(s) for it',
    );
  });

  test('a wrong answer the server accepted', async () => {
    expect(
      await failure(() =>
        tester.callTool('provision', { name: 'web1' }, { answers: { region: answer.wrong({ region: 'eu' }) } }),
      ),
    ).toBe(
      'tools/call "provision", round 1: the answer to "region" was scripted as wrong, but it was not asked again: the flow ended with a result ("provisioned web1 in eu")',
    );
  });

  test('a server still asking after maxRounds', async () => {
    expect(
      await failure(() =>
        tester.callTool(
          'provision',
          { name: 'web1' },
          { answers: { region: answer.accept({ region: 'moon' }) }, maxRounds: 3 },
        ),
      ),
    ).toBe('tools/call "provision": the server was still asking after 3 rounds (round 4 asked [region])');
  });

  test('rounds, questions, messages, schemas and results that differ', async () => {
    const flow = await tester.callTool(
      'destroy',
      { name: 'db1' },
      { answers: { region: answer.accept({ region: 'eu' }), confirm: answer.accept({ confirm: 'db1' }) } },
    );
    expect(() => flow.expectRounds(1)).toThrow(
      'tools/call "destroy": expected 1 round of questions, got 2 (round 1 asked [region]; round 2 asked [confirm]; then a result ("destroyed db1 in eu"))',
    );
    expect(() => flow.expectAsked(1, ['region', 'confirm'])).toThrow(
      'tools/call "destroy", round 1: expected the questions [region, confirm], the server asked [region]',
    );
    expect(() => flow.expectAsked(2, { confirm: { message: 'Really?' } })).toThrow(
      'tools/call "destroy", round 2, question "confirm": message: expected "Really?", got "Destroy it in eu?"',
    );
    expect(() => flow.expectAsked(1, { region: { schema: { properties: { region: { enum: ['eu'] } } } } })).toThrow(
      'tools/call "destroy", round 1, question "region": schema.properties.region.enum: expected ["eu"], got ["eu","us"]',
    );
    expect(() => flow.expectAsked(3, ['region'])).toThrow(
      'tools/call "destroy": expected round 3 to ask [region], but the flow had 2 rounds',
    );
    expect(() => flow.expectResult('destroyed db1 in us')).toThrow(
      'tools/call "destroy": result text: expected "destroyed db1 in us", got "destroyed db1 in eu" after 2 rounds',
    );
    expect(() => flow.expectError({ code: -32602 })).toThrow(
      'tools/call "destroy": expected a JSON-RPC error, got a result ("destroyed db1 in eu") after 2 rounds',
    );
    expect(() => flow.expectToolError()).toThrow(
      'tools/call "destroy": expected a tool error, got a result ("destroyed db1 in eu") after 2 rounds',
    );
  });

  test('a result expected where the flow ended with an error', async () => {
    const clock = new FakeClock();
    const security = new RequestStateSecurity({ keys: ['k'.repeat(32)], ttl: 0.001, clock: clock.now });
    const app = createApp({ ...machinesModule, security, logger: silentLogger });
    const expired = await createFlowTester(app);
    try {
      const flow = await expired.callTool(
        'provision',
        { name: 'web1' },
        {
          answers: { region: answer.accept({ region: 'eu' }) },
          beforeRetry: () => clock.advance(20),
        },
      );
      expect(() => flow.expectResult()).toThrow(
        'tools/call "provision": expected a result, but the flow ended with JSON-RPC error -32602 "Invalid or expired requestState" after 1 round',
      );
    } finally {
      await expired.close();
      await app.close();
    }
  });

  test('misuse of the clock option is refused clearly', async () => {
    const clock = new FakeClock();
    const app = createApp({ ...machinesModule, logger: silentLogger });
    await expect(createFlowTester(app, { clock })).rejects.toThrow(/pass clock.now to its RequestStateSecurity/);
    await expect(
      createFlowTester(
        { ...machinesModule, security: new RequestStateSecurity({ keys: ['k'.repeat(32)] }) },
        { clock },
      ),
    ).rejects.toThrow('createFlowTester: module "machines" has its own security policy');
    expect(() => clock.advance(-1)).toThrow(RangeError);
    await app.close();
  });
});
