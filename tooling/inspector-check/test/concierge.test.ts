import { TesseraClient } from '@tessera/client';
import { createApp, silentLogger } from '@tessera/core';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/server';
import { conciergeModule } from '../src/concierge.module';

/** A client that answers each question with the next answer, recording what it was asked. */
async function connect(answers: ElicitResult[]) {
  const app = createApp({ ...conciergeModule, logger: silentLogger });
  const asked: ElicitRequestFormParams[] = [];
  const client = new TesseraClient({
    elicitation: async (params) => {
      asked.push(params as ElicitRequestFormParams);
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer left for "${params.message}"`);
      return answer;
    },
  });
  await client.connect({ fetch: app.fetch });
  return { client, asked };
}

const text = (result: { content: unknown }) => result.content;

describe('tooling/inspector-check: the concierge the Inspector check drives', () => {
  test('book_table asks one question whose form carries the DTO titles and descriptions', async () => {
    const { client, asked } = await connect([{ action: 'accept', content: { guests: 4, area: 'terrace' } }]);
    const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'Chez Tessa' } });
    expect(text(result)).toEqual([{ type: 'text', text: 'Booked Chez Tessa: a table for 4 in the terrace area.' }]);
    expect(asked).toHaveLength(1);
    expect(asked[0].message).toBe('How should we seat you at Chez Tessa?');
    expect(asked[0].requestedSchema.properties).toMatchObject({
      guests: {
        type: 'integer',
        title: 'Number of guests',
        description: 'How many people are coming, you included',
        minimum: 1,
        maximum: 12,
      },
      area: {
        type: 'string',
        title: 'Seating area',
        description: 'Where in the restaurant you would like to sit',
        enum: ['terrace', 'dining room', 'bar'],
      },
    });
  });

  test('plan_evening takes three rounds, each question built from the answer before', async () => {
    const { client, asked } = await connect([
      { action: 'accept', content: { cuisine: 'italian' } },
      { action: 'accept', content: { dish: 'risotto' } },
      { action: 'accept', content: { confirm: true } },
    ]);
    const result = await client.callTool({ name: 'plan_evening', arguments: { city: 'Turin' } });
    expect(asked.map((question) => question.message)).toEqual([
      'What would you like to eat in Turin?',
      'Which italian dish should we pre-order?',
      'Reserve an evening of risotto?',
    ]);
    expect(text(result)).toEqual([{ type: 'text', text: 'Reserved in Turin: italian food, risotto pre-ordered.' }]);
  });

  test('plan_evening reserves nothing when the last answer is no', async () => {
    const { client } = await connect([
      { action: 'accept', content: { cuisine: 'japanese' } },
      { action: 'accept', content: { dish: 'ramen' } },
      { action: 'accept', content: { confirm: false } },
    ]);
    const result = await client.callTool({ name: 'plan_evening', arguments: { city: 'Lyon' } });
    expect(text(result)).toEqual([{ type: 'text', text: 'Nothing reserved in Lyon.' }]);
  });

  test('the invitation prompt asks whom it is for before it renders', async () => {
    const { client, asked } = await connect([{ action: 'accept', content: { name: 'Ada' } }]);
    const prompt = await client.getPrompt({ name: 'invitation', arguments: { event: 'the harvest dinner' } });
    expect(asked[0].message).toBe('Who is invited to the harvest dinner?');
    expect(prompt.messages[0].content).toEqual({
      type: 'text',
      text: 'Write a warm invitation to the harvest dinner for Ada.',
    });
  });
});
