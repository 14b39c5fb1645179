import { answer, createFlowTester, type FlowTester } from '@tessera/testing';
import { briefingModule } from '../src/briefing.module';

const agenda = answer.sample('a, b, c');
let tester: FlowTester;
beforeEach(async () => {
  tester = await createFlowTester(briefingModule);
});
afterEach(() => tester.close());

describe('apps/briefing', () => {
  test('the prompt asks who the briefing is for, then renders', async () => {
    const flow = await tester.getPrompt(
      'briefing',
      { topic: 'caching' },
      { answers: { audience: answer.accept({ audience: 'engineers' }) } },
    );
    flow
      .expectRounds(1)
      .expectAsked(1, {
        audience: {
          message: 'Who is the briefing on "caching" for?',
          schema: { properties: { audience: { enum: ['engineers', 'executives', 'customers'] } } },
        },
      })
      .expectResult('Write a briefing on caching for engineers. Lead with what they need to decide.');
  });

  test('the tool asks two questions and a sample in one round', async () => {
    const flow = await tester.callTool(
      'plan_session',
      { topic: 'pricing' },
      {
        answers: { audience: answer.accept({ audience: 'customers' }), length: answer.accept({ minutes: 30 }), agenda },
      },
    );
    flow
      .expectRounds(1)
      .expectAsked(1, {
        audience: { kind: 'elicitation' },
        length: { message: 'How long may it take?' },
        agenda: { kind: 'sampling' },
      })
      .expectResult('30-minute session on pricing for customers. Agenda: a, b, c');
  });

  test('a length out of range is asked again, alone', async () => {
    const flow = await tester.callTool(
      'plan_session',
      { topic: 'pricing' },
      {
        answers: {
          audience: answer.accept({ audience: 'customers' }),
          length: [answer.wrong({ minutes: 600 }), answer.accept({ minutes: 45 })],
          agenda,
        },
      },
    );
    flow
      .expectRounds(2)
      .expectAsked(2, ['length'])
      .expectResult('45-minute session on pricing for customers. Agenda: a, b, c');
  });

  test('a declined audience is handled by the method', async () => {
    const flow = await tester.callTool(
      'plan_session',
      { topic: 'pricing' },
      { answers: { audience: answer.decline(), length: answer.accept({ minutes: 15 }), agenda } },
    );
    flow.expectResult('No session planned: the user chose to decline.');
  });
});
