import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
import { IsIn } from 'class-validator';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, Elicitation } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';
import { TesseraClient } from '@tessera/client';
import { sendRaw } from '@tessera/testing';

// "Ask a fallback after a decline": a question waiting for an outcome-mode one sees its outcome, can be built
// from it, and can be skipped with `when`.

class Region {
  @Field() @IsIn(['eu', 'us']) region!: string;
}

class Site {
  @Field() @IsIn(['eu-west', 'us-east']) site!: string;
}

@Provider()
class Placement {
  @Tool()
  place(
    @Elicit({ key: 'region', message: 'Region?', schema: Region }) region: Elicitation<Region>,
    @Elicit({
      key: 'fallback',
      after: ['region'],
      when: ({ outcomes }) => outcomes.region?.action !== 'accept',
      message: ({ outcomes }) => `No region (${outcomes.region?.action}). Pick a fallback site?`,
      schema: Site,
      // strict TypeScript reflects `Elicitation<Site> | undefined` as Object: the mode is written out
      inject: 'outcome',
    })
    fallback: Elicitation<Site> | undefined,
  ): string {
    if (region.action === 'accept')
      return `region ${region.content.region}; fallback ${fallback === undefined ? 'not asked' : 'asked'}`;
    return fallback?.action === 'accept' ? `fallback ${fallback.content.site}` : `nothing (${fallback?.action})`;
  }

  @Tool()
  confirm(
    @Elicit({ key: 'region', message: 'Region?', schema: Region }) region: Elicitation<Region>,
    @Elicit({
      key: 'sure',
      after: ['region'],
      message: ({ answers }) => `Region answer: ${JSON.stringify(answers.region)}. Sure?`,
      schema: Region,
    })
    sure: Region,
  ): string {
    return `${region.action} then ${sure.region}`;
  }
}

const app = () => createApp({ name: 'chains', version: '1', providers: [Placement], logger: silentLogger });
const caps = { elicitation: {} };

function scripted(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const client = new TesseraClient({
    elicitation: async (params) => {
      asked.push(params.message);
      const key = params.message.startsWith('Region')
        ? 'region'
        : params.message.startsWith('No region')
          ? 'fallback'
          : 'other';
      return answers[key] as never;
    },
  });
  return { client, asked };
}

describe('a dependent question sees an outcome-mode decline', () => {
  test.each([
    ['decline', 'No region (decline). Pick a fallback site?'],
    ['cancel', 'No region (cancel). Pick a fallback site?'],
  ])('after a %s, the fallback is asked, built from the outcome, and the method gets both', async (action, message) => {
    const { client, asked } = scripted({
      region: { action },
      fallback: { action: 'accept', content: { site: 'us-east' } },
    });
    await client.connect({ fetch: app().fetch });
    const result = await client.callTool({ name: 'place', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'fallback us-east' }]);
    expect(asked).toEqual(['Region?', message]);
    await client.close();
  });

  test('after an accept, `when` skips the fallback: never asked, the parameter is undefined', async () => {
    const { client, asked } = scripted({ region: { action: 'accept', content: { region: 'eu' } } });
    await client.connect({ fetch: app().fetch });
    const result = await client.callTool({ name: 'place', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'region eu; fallback not asked' }]);
    expect(asked).toEqual(['Region?']);
    await client.close();
  });

  test('on the wire: round 1 asks only the region; the decline brings round 2 with the fallback alone', async () => {
    const a = app();
    const first = await sendRaw(a, 'tools/call', { name: 'place', arguments: {} }, { capabilities: caps });
    expect(Object.keys(first.body.result!.inputRequests as object)).toEqual(['region']);
    const second = await sendRaw(
      a,
      'tools/call',
      {
        name: 'place',
        arguments: {},
        requestState: first.body.result!.requestState,
        inputResponses: { region: { action: 'decline' } },
      },
      { capabilities: caps, id: 2 },
    );
    expect(Object.keys(second.body.result!.inputRequests as object)).toEqual(['fallback']);
    const third = await sendRaw(
      a,
      'tools/call',
      {
        name: 'place',
        arguments: {},
        requestState: second.body.result!.requestState,
        inputResponses: { fallback: { action: 'decline' } },
      },
      { capabilities: caps, id: 3 },
    );
    expect(third.body.result).toMatchObject({ content: [{ type: 'text', text: 'nothing (decline)' }] });
  });

  test('without `when`, the dependent is built from the outcome (answers hold { action } for a decline)', async () => {
    const asked: string[] = [];
    const client = new TesseraClient({
      elicitation: async (params) => (
        asked.push(params.message),
        asked.length === 1 ? { action: 'decline' } : { action: 'accept', content: { region: 'us' } }
      ),
    });
    await client.connect({ fetch: app().fetch });
    const result = await client.callTool({ name: 'confirm', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'decline then us' }]);
    expect(asked).toEqual(['Region?', 'Region answer: {"action":"decline"}. Sure?']);
    await client.close();
  });

  test('2025 push: the same chain', async () => {
    const a = app();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(a, { transport: serverSide });
    const c = new Client({ name: 'old', version: '1' }, { capabilities: caps });
    const asked: string[] = [];
    c.setRequestHandler('elicitation/create', async (r) => {
      const message = (r.params as { message: string }).message;
      asked.push(message);
      return message === 'Region?' ? { action: 'cancel' } : { action: 'accept', content: { site: 'eu-west' } };
    });
    await c.connect(clientSide);
    const r = await c.callTool({ name: 'place', arguments: {} });
    expect(r.content).toEqual([{ type: 'text', text: 'fallback eu-west' }]);
    expect(asked).toEqual(['Region?', 'No region (cancel). Pick a fallback site?']);
    await c.close();
    await a.close();
  });
});
