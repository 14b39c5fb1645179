import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
import { createApp, silentLogger } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';
import { InputRequiredRoundsExceededError, TesseraClient } from '@tessera/client';
import { sendRaw } from '@tessera/testing';
import { Deployer } from './mrtr-fixtures';

// A refused answer is asked again with the reason in the question, so the user (and the client) can tell a
// refused answer from a changed question.

const app = () => createApp({ name: 'reask', version: '1', providers: [Deployer], logger: silentLogger });
const caps = { elicitation: {} };
const REASON = 'The previous answer was not accepted: region must be one of the following values: eu, us';
const messageOf = (r: { body: { result?: Record<string, unknown> } }, key: string) =>
  (r.body.result!.inputRequests as Record<string, { params: { message: string } }>)[key].params.message;

describe('re-asking says why', () => {
  test('2026-07-28: the re-asked question carries the reason; a right answer to it is accepted', async () => {
    const a = app();
    const first = await sendRaw(a, 'tools/call', { name: 'strict', arguments: {} }, { capabilities: caps });
    expect(messageOf(first, 'choice')).toBe('Region?');
    const wrong = { choice: { action: 'accept', content: { region: 'mars' } } };
    const again = await sendRaw(
      a,
      'tools/call',
      { name: 'strict', arguments: {}, requestState: first.body.result!.requestState, inputResponses: wrong },
      { capabilities: caps, id: 2 },
    );
    expect(messageOf(again, 'choice')).toBe(`Region?\n\n${REASON}`);
    const right = { choice: { action: 'accept', content: { region: 'eu' } } };
    const done = await sendRaw(
      a,
      'tools/call',
      { name: 'strict', arguments: {}, requestState: again.body.result!.requestState, inputResponses: right },
      { capabilities: caps, id: 3 },
    );
    expect(done.body.result).toMatchObject({ content: [{ type: 'text', text: 'chose eu' }] });
  });

  test('an answer that is not even an elicitation result says so', async () => {
    const a = app();
    const first = await sendRaw(a, 'tools/call', { name: 'strict', arguments: {} }, { capabilities: caps });
    const again = await sendRaw(
      a,
      'tools/call',
      {
        name: 'strict',
        arguments: {},
        requestState: first.body.result!.requestState,
        inputResponses: { choice: { action: 'maybe' } },
      },
      { capabilities: caps, id: 2 },
    );
    expect(messageOf(again, 'choice')).toBe(
      'Region?\n\nThe previous answer was not accepted: action is not accept, decline or cancel',
    );
  });

  test('2025 push: the second push carries the reason', async () => {
    const a = app();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(a, { transport: serverSide });
    const anything = {
      getValidator: () => (input: unknown) => ({ valid: true as const, data: input as never, errorMessage: undefined }),
    };
    const c = new Client({ name: 'old', version: '1' }, { capabilities: caps, jsonSchemaValidator: anything });
    const asked: string[] = [];
    c.setRequestHandler('elicitation/create', async (r) => {
      asked.push((r.params as { message: string }).message);
      return { action: 'accept', content: { region: asked.length === 1 ? 'mars' : 'us' } };
    });
    await c.connect(clientSide);
    const r = await c.callTool({ name: 'strict', arguments: {} });
    expect((r.content as Array<{ text: string }>)[0].text).toBe('chose us');
    expect(asked).toEqual(['Region?', `Region?\n\n${REASON}`]);
    await c.close();
    await a.close();
  });

  test('TesseraClient: the rounds-exceeded error names the question that kept being asked, and why', async () => {
    const client = new TesseraClient({
      maxRounds: 3,
      elicitation: async () => ({ action: 'accept', content: { region: 'mars' } }),
    });
    await client.connect({ fetch: app().fetch });
    const error = (await client
      .callTool({ name: 'strict', arguments: {} })
      .catch((e: unknown) => e)) as InputRequiredRoundsExceededError;
    expect(error).toBeInstanceOf(InputRequiredRoundsExceededError);
    expect(error.message).toContain("tools/call 'strict' still required input after 3 rounds (maxRounds = 3)");
    expect(error.message).toContain(`The server kept asking "choice" (4 of 4 legs), last as: "Region? ${REASON}".`);
    expect(error.repeatedQuestion).toEqual({ key: 'choice', times: 4, message: `Region?\n\n${REASON}` });
    await client.close();
  });
});
