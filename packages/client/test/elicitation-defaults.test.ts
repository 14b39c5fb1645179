import type { CallToolResult, ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { createApp, Elicit, type Elicitation, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { TesseraClient, type TesseraClientOptions } from '@tessera/client';

// SEP-1034: an accepted form answer is sent with the schema's defaults for the fields it leaves out, on
// 2026-07-28 rounds and on 2025 push requests alike.

const PROFILE: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    verified: { type: 'boolean', default: true },
    nickname: { type: 'string' },
  },
};

@Provider()
class Profiles {
  @Tool({ description: 'Echoes the accepted profile.' })
  profile(
    @Elicit({ key: 'profile', message: 'Your profile?', schema: PROFILE, inject: 'outcome' })
    answer: Elicitation<Record<string, unknown>>,
  ): CallToolResult {
    const content = answer.action === 'accept' ? answer.content : {};
    return { content: [{ type: 'text', text: `${answer.action} ${JSON.stringify(content)}` }] };
  }
}

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe.each([
  ['2026-07-28 rounds', {} as TesseraClientOptions],
  ['2025 push requests', { protocol: 'legacy' } as TesseraClientOptions],
])('elicitation defaults on %s', (_era, options) => {
  let app: TesseraApp;
  let client: TesseraClient | undefined;
  beforeEach(() => {
    app = createApp(
      { name: 'defaults', version: '1', providers: [Profiles], logger: silentLogger },
      { legacySessions: true },
    );
  });
  afterEach(async () => {
    await client?.close();
    await app.close();
  });

  const connect = async (elicitation: TesseraClientOptions['elicitation']) => {
    client = new TesseraClient({ ...options, elicitation });
    await client.connect({ fetch: app.fetch });
    return client;
  };

  test('an accepted answer gets the defaults of the fields it leaves out, and keeps what it gave', async () => {
    const c = await connect(() => ({ action: 'accept', content: { age: 41 } }));
    expect(text(await c.callTool({ name: 'profile' }))).toBe('accept {"name":"John Doe","age":41,"verified":true}');
  });

  test('an accepted answer with no content is the defaults; a field without a default stays out', async () => {
    const c = await connect(() => ({ action: 'accept' }));
    expect(text(await c.callTool({ name: 'profile' }))).toBe('accept {"name":"John Doe","age":30,"verified":true}');
  });

  test('a decline stays a decline, with no content', async () => {
    const c = await connect(() => ({ action: 'decline' }));
    expect(text(await c.callTool({ name: 'profile' }))).toBe('decline {}');
  });
});
