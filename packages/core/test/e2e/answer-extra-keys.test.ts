import { IsIn } from 'class-validator';
import { createApp, Elicit, Field, Provider, silentLogger, Tool } from '@tessera/core';
import { TesseraClient } from '@tessera/client';
import { sendRaw } from '@tessera/testing';

class Region {
  @Field() @IsIn(['eu', 'us']) region!: string;
}

@Provider()
class Placement {
  @Tool()
  place(@Elicit({ key: 'region', message: 'Region?', schema: Region }) answer: Region): string {
    return JSON.stringify({ instance: answer instanceof Region, answer });
  }

  @Tool()
  twoSteps(
    @Elicit({ key: 'region', message: 'Region?', schema: Region }) answer: Region,
    @Elicit({ key: 'again', after: ['region'], message: 'Again?', schema: Region }) again: Region,
  ): string {
    return `${answer.region} ${again.region}`;
  }

  @Tool()
  placeRaw(
    @Elicit({
      key: 'region',
      message: 'Region?',
      schema: { type: 'object', properties: { region: { type: 'string', enum: ['eu', 'us'] } }, required: ['region'] },
    })
    answer: Record<string, unknown>,
  ): string {
    return JSON.stringify(answer);
  }
}

const app = () => createApp({ name: 'extra', version: '1', providers: [Placement], logger: silentLogger });
const caps = { elicitation: {} };

describe('an accepted answer with keys the question did not ask for', () => {
  test('is accepted at once, the extra keys dropped (DTO question)', async () => {
    const a = app();
    const first = await sendRaw(a, 'tools/call', { name: 'place', arguments: {} }, { capabilities: caps });
    const answer = { action: 'accept', content: { region: 'eu', note: 'hi' } };
    const r = await sendRaw(
      a,
      'tools/call',
      {
        name: 'place',
        arguments: {},
        requestState: first.body.result!.requestState,
        inputResponses: { region: answer },
      },
      { capabilities: caps, id: 2 },
    );
    expect(r.body.result).toMatchObject({
      content: [{ type: 'text', text: JSON.stringify({ instance: true, answer: { region: 'eu' } }) }],
    });
  });

  test('extra keys are not carried in the sealed state either', async () => {
    const a = app();
    const first = await sendRaw(a, 'tools/call', { name: 'twoSteps', arguments: {} }, { capabilities: caps });
    const state = first.body.result!.requestState;
    const leg = (content: Record<string, unknown>, id: number) =>
      sendRaw(
        a,
        'tools/call',
        {
          name: 'twoSteps',
          arguments: {},
          requestState: state,
          inputResponses: { region: { action: 'accept', content } },
        },
        { capabilities: caps, id },
      );
    const plain = (await leg({ region: 'eu' }, 2)).body.result!.requestState as string;
    const padded = (await leg({ region: 'eu', note: 'x'.repeat(5000) }, 3)).body.result!.requestState as string;
    expect(Math.abs(padded.length - plain.length)).toBeLessThan(50);
  });

  test('through TesseraClient, in one round, for a raw-schema question too', async () => {
    let asked = 0;
    const client = new TesseraClient({
      elicitation: async () => (asked++, { action: 'accept', content: { region: 'us', note: 'hi', extra: ['x'] } }),
    });
    await client.connect({ fetch: app().fetch });
    const result = await client.callTool({ name: 'placeRaw', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ region: 'us' }) }]);
    expect(asked).toBe(1);
    await client.close();
  });
});
