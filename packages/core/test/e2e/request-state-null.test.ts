import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createApp, silentLogger, type LogFields } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';
import { sendRaw } from '@tessera/testing';
import { Content } from './fixtures';
import { Deployer } from './mrtr-fixtures';
import { overStdio } from './support/over-stdio';

// Decided (as the reference implementation does): a JSON `null` requestState means "no state", exactly like an
// absent one. It is neither refused nor opened; a flow given null starts from its first round.

const caps = { elicitation: {} };
const app = () => createApp({ name: 'nulls', version: '1', providers: [Deployer, Content], logger: silentLogger });

describe('requestState: null is the same as absent', () => {
  test('tools/call: the first round, as without state', async () => {
    const r = await sendRaw(
      app(),
      'tools/call',
      { name: 'strict', arguments: {}, requestState: null },
      { capabilities: caps },
    );
    expect(r.body.error).toBeUndefined();
    expect(r.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { choice: { method: 'elicitation/create' } },
    });
  });

  test('an answer sent with a null state is checked as one sent without state (then taken), not refused', async () => {
    const answer = { choice: { action: 'accept', content: { region: 'eu' } } };
    const r = await sendRaw(
      app(),
      'tools/call',
      { name: 'strict', arguments: {}, requestState: null, inputResponses: answer },
      { capabilities: caps },
    );
    expect(r.body.result).toMatchObject({ content: [{ type: 'text', text: 'chose eu' }] });
  });

  test('prompts/get and resources/read answer normally', async () => {
    expect(
      (await sendRaw(app(), 'prompts/get', { name: 'greet', arguments: { who: 'x' }, requestState: null })).body.result,
    ).toBeDefined();
    expect(
      (await sendRaw(app(), 'resources/read', { uri: 'config://app', requestState: null })).body.result,
    ).toBeDefined();
  });

  test('over a message transport (stdio) too', async () => {
    const a = app();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(a, { transport: serverSide });
    const replies: unknown[] = [];
    let answered!: () => void;
    const readAnswered = new Promise<void>((resolve) => (answered = resolve));
    clientSide.onmessage = (m) => {
      replies.push(m);
      if ('id' in m && m.id === 1) answered();
    };
    await clientSide.start();
    const send = (m: object) => clientSide.send({ jsonrpc: '2.0', ...m } as never);
    await send({
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: caps, clientInfo: { name: 'raw', version: '1' } },
    });
    await send({ method: 'notifications/initialized' });
    await send({ id: 1, method: 'resources/read', params: { uri: 'config://app', requestState: null } });
    await readAnswered;
    expect(replies).toContainEqual(expect.objectContaining({ id: 1, result: expect.anything() }));
    await a.close();
  });
});

describe('a requestState that is neither a string nor null', () => {
  test.each([
    ['a number', 42, 'number'],
    ['an object', { forged: true }, 'object'],
    ['an array', ['v1.x'], 'array'],
    ['a boolean', false, 'boolean'],
  ])('%s: the fixed -32602, and the reason is logged (never the value)', async (_what, state, kind) => {
    const logs: Array<[string, LogFields | undefined]> = [];
    const a = createApp({
      name: 'nulls',
      version: '1',
      providers: [Deployer],
      logger: { ...silentLogger, warn: (m, f) => void logs.push([m, f]) },
    });
    const r = await sendRaw(
      a,
      'tools/call',
      { name: 'strict', arguments: {}, requestState: state },
      { capabilities: caps },
    );
    expect(r.body.error).toEqual({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
    expect(logs).toEqual([
      ['requestState refused', { method: 'tools/call', target: 'strict', reason: `not a string (${kind})` }],
    ]);
  });

  test('over a message transport (stdio) too, logged', async () => {
    const logs: string[] = [];
    const a = createApp({
      name: 'nulls',
      version: '1',
      providers: [Deployer],
      logger: { ...silentLogger, warn: (m, f) => void logs.push(`${m}: ${String(f?.reason)}`) },
    });
    const reply = overStdio(a, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'strict', arguments: {}, requestState: 7 },
    });
    expect(await reply).toMatchObject({ id: 1, error: { code: -32602, message: 'Invalid or expired requestState' } });
    expect(logs).toEqual(['requestState refused: not a string (number)']);
    await a.close();
  });
});
