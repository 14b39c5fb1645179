import { IsIn } from 'class-validator';
import type { CreateMessageResult, Root } from '@modelcontextprotocol/server';
import { createApp, Elicit, ListRoots, Provider, Sample, silentLogger, Tool } from '@tessera/core';
import { MissingInputCallbackError, TesseraClient, type TesseraClientOptions } from '@tessera/client';

// A client declares elicitation, sampling and roots only for the callbacks it was given, so a Tessera server
// refuses a question the client cannot answer with -32021. The client names the callback that was missing.

class Choice {
  @IsIn(['a', 'b'])
  pick!: string;
}

@Provider()
class Asks {
  @Tool()
  choose(@Elicit({ key: 'choice', message: 'Pick one', schema: Choice }) c: Choice): string {
    return c.pick;
  }

  @Tool()
  summarize(
    @Sample({
      key: 'llm',
      request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
    })
    r: CreateMessageResult,
  ): string {
    return r.model;
  }

  @Tool()
  where(@ListRoots({ key: 'roots' }) roots: Root[]): string {
    return roots.map((r) => r.uri).join(',');
  }
}

const app = createApp({ name: 'asks', version: '1', providers: [Asks], logger: silentLogger });
let client: TesseraClient | undefined;
afterEach(() => client?.close());
afterAll(() => app.close());

async function refusal(tool: string, options: TesseraClientOptions = {}): Promise<MissingInputCallbackError> {
  client = new TesseraClient(options);
  await client.connect({ fetch: (request: Request) => app.fetch(request) });
  const error = await client.callTool({ name: tool, arguments: {} }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MissingInputCallbackError);
  return error as MissingInputCallbackError;
}

test.each([
  ['choose', 'elicitation', 'elicitation'],
  ['summarize', 'sampling', 'sampling'],
  ['where', 'roots', 'listRoots'],
])("%s without the callback: the server's -32021 becomes an error naming '%s'", async (tool, kind, option) => {
  const error = await refusal(tool);
  expect(error).toMatchObject({ code: 'TESSERA_MISSING_INPUT_CALLBACK', kind, key: undefined });
  expect(error.message).toBe(
    `tools/call '${tool}' needs the client's ${kind} capability (the server refused the call with -32021), but ` +
      `this client has no '${option}' callback, so it does not declare it. Pass an '${option}' callback to the client.`,
  );
  expect(error.cause).toMatchObject({ code: -32021, data: { requiredCapabilities: { [kind]: expect.anything() } } });
});

test('with the callback, the same call runs', async () => {
  client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { pick: 'b' } }) });
  await client.connect({ fetch: (request: Request) => app.fetch(request) });
  expect(await client.callTool({ name: 'choose', arguments: {} })).toMatchObject({
    content: [{ type: 'text', text: 'b' }],
  });
});
