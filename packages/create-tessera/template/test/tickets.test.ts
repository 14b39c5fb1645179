// Flow tests with @tessera/testing: the answers are scripted by question key, and each round is checked.
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { answer, createFlowTester, type FlowTester } from '@tessera/testing';
import { appModule } from '../src/app.module';

describe('__PROJECT_NAME__', () => {
  let tester: FlowTester;
  before(async () => {
    tester = await createFlowTester(appModule);
  });
  after(() => tester.close());

  test('lists the tools', async () => {
    const { tools } = await tester.client.listTools();
    const names = tools.map((t) => t.name);
    // inclusion, not equality: a tool you add keeps this test green
    for (const name of ['check_title', 'open_ticket'])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  test('check_title answers at once', async () => {
    const flow = await tester.callTool('check_title', { title: 'Printer on fire' });
    flow.expectRounds(0).expectResult('"Printer on fire" is a good title (15 characters)');
  });

  test('open_ticket asks for the priority, then opens the ticket', async () => {
    const flow = await tester.callTool(
      'open_ticket',
      { title: 'Printer on fire' },
      { answers: { priority: answer.accept({ priority: 'high' }) } },
    );
    flow
      .expectRounds(1)
      .expectAsked(1, {
        priority: {
          message: 'What priority should "Printer on fire" have?',
          schema: { properties: { priority: { enum: ['low', 'normal', 'high'] } } },
        },
      })
      .expectResult('Opened "Printer on fire" with high priority');
  });

  test('a priority that is not offered is asked again', async () => {
    const flow = await tester.callTool(
      'open_ticket',
      { title: 'Printer on fire' },
      {
        answers: { priority: [answer.wrong({ priority: 'urgent' }), answer.accept({ priority: 'normal' })] },
      },
    );
    flow.expectRounds(2).expectResult('Opened "Printer on fire" with normal priority');
  });

  test('a declined question reaches the method', async () => {
    const flow = await tester.callTool(
      'open_ticket',
      { title: 'Printer on fire' },
      { answers: { priority: answer.decline() } },
    );
    flow.expectResult('No ticket opened: the user chose to decline.');
  });

  test('invalid arguments are a tool error naming the field', async () => {
    const flow = await tester.callTool('open_ticket', { title: 'x' });
    flow.expectRounds(0).expectToolError(/title/);
  });

  test('the prompt renders', async () => {
    const flow = await tester.getPrompt('summarise_ticket', { title: 'Printer on fire', audience: 'managers' });
    flow.expectResult('Summarise the ticket "Printer on fire" in three sentences for managers.');
  });
});
