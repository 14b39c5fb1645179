import { TesseraClient } from '@tessera/client';
import { createApp, silentLogger } from '@tessera/core';
import { briefingModule } from '../src/briefing.module';

function connect(answers: { audience: unknown; minutes?: number }) {
  const app = createApp({ ...briefingModule, logger: silentLogger });
  const rounds: number[] = [];
  const client = new TesseraClient({
    elicitation: async ({ message }) => (message.startsWith('How long') ? { action: 'accept', content: { minutes: answers.minutes ?? 15 } } : (answers.audience as never)),
    sampling: async () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: 'a, b, c' } }),
    hooks: { onRound: (e) => void rounds.push(Object.keys(e.inputRequests ?? {}).length) },
  });
  return { app, client, rounds };
}

describe('apps/briefing', () => {
  test('the prompt asks who the briefing is for, then renders', async () => {
    const { app, client } = connect({ audience: { action: 'accept', content: { audience: 'engineers' } } });
    await client.connect({ fetch: app.fetch });
    expect(client.protocolVersion).toBe('2026-07-28');
    const prompt = await client.getPrompt({ name: 'briefing', arguments: { topic: 'caching' } });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'Write a briefing on caching for engineers. Lead with what they need to decide.' });
  });

  test('the tool asks two questions and a sample in one round', async () => {
    const { app, client, rounds } = connect({ audience: { action: 'accept', content: { audience: 'customers' } }, minutes: 30 });
    await client.connect({ fetch: app.fetch });
    const result = await client.callTool({ name: 'plan_session', arguments: { topic: 'pricing' } });
    expect(result.content).toEqual([{ type: 'text', text: '30-minute session on pricing for customers. Agenda: a, b, c' }]);
    expect(rounds).toEqual([3]);
  });

  test('a declined audience is handled by the method', async () => {
    const { app, client } = connect({ audience: { action: 'decline' } });
    await client.connect({ fetch: app.fetch });
    const result = await client.callTool({ name: 'plan_session', arguments: { topic: 'pricing' } });
    expect(result.content).toEqual([{ type: 'text', text: 'No session planned: the user chose to decline.' }]);
  });
});
