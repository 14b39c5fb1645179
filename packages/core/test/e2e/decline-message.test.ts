import { createApp, silentLogger, type LogFields } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { Deployer } from './mrtr-fixtures';

// A declined question ends a value-mode call: the person who declined reads a plain sentence; the advice
// for the server's author (how to handle a decline) goes to the server log only.

const caps = { capabilities: { elicitation: {} } };

test.each([
  ['decline', 'The user declined the question "choice", so the request cannot go on.'],
  ['cancel', 'The user cancelled the question "choice", so the request cannot go on.'],
])('a %s: the result says so plainly, and the hint is logged', async (action, sentence) => {
  const logs: Array<[string, LogFields | undefined]> = [];
  const logger = { ...silentLogger, info: (m: string, f?: LogFields) => void logs.push([m, f]) };
  const app = createApp({ name: 'decline', version: '1', providers: [Deployer], logger });
  const first = await sendRaw(app, 'tools/call', { name: 'strict', arguments: {} }, caps);
  const retry = await sendRaw(
    app,
    'tools/call',
    {
      name: 'strict',
      arguments: {},
      requestState: first.body.result!.requestState,
      inputResponses: { choice: { action } },
    },
    { ...caps, id: 2 },
  );
  expect(retry.body.result).toMatchObject({ isError: true, content: [{ type: 'text', text: sentence }] });
  expect(logs).toContainEqual([
    'the user declined a question the method needs answered',
    expect.objectContaining({ target: 'strict', question: 'choice', hint: expect.stringContaining('Elicitation<T>') }),
  ]);
});
