import { createApp, silentLogger } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { Content, MachineTools } from './fixtures';
import { Deployer } from './mrtr-fixtures';

const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };
const app = () =>
  createApp({ name: 'bad', version: '1', providers: [MachineTools, Content, Deployer], logger: silentLogger });
const caps = { elicitation: {} };

describe('bad input, each with a clear documented answer', () => {
  test('unknown prompt: -32602 naming it', async () => {
    expect((await sendRaw(app(), 'prompts/get', { name: 'nope' })).body.error).toMatchObject({
      code: -32602,
      message: 'Unknown prompt: nope',
    });
  });

  test('missing or wrong prompt arguments: -32602 naming the field', async () => {
    const r = await sendRaw(app(), 'prompts/get', { name: 'greet', arguments: {} });
    expect(r.body.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid arguments for prompt "greet": who: /),
    });
  });

  test.each([
    ['an array', ['web1']],
    ['a string', 'web1'],
  ])('tool arguments that are %s: -32602 from the SDK, naming params.arguments', async (_what, args) => {
    const r = await sendRaw(app(), 'tools/call', { name: 'provision', arguments: args });
    expect(r.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('"arguments"') });
  });

  test.each([
    ['a number', 42],
    ['an object', { forged: true }],
    ['an empty string', ''],
    ['an oversized token', 'v1.' + 'A'.repeat(20_000)],
    ['a token from another era of the format', 'v0.' + 'A'.repeat(40)],
    ['random text', 'hello'],
  ])('requestState that is %s: the fixed -32602, the handler never runs', async (_what, state) => {
    const r = await sendRaw(
      app(),
      'tools/call',
      { name: 'strict', arguments: {}, requestState: state },
      { capabilities: caps },
    );
    expect(r.body.error).toEqual(FIXED);
  });

  test('a requestState on a prompt or a resource read that never issued one: the fixed -32602', async () => {
    expect(
      (await sendRaw(app(), 'prompts/get', { name: 'greet', arguments: { who: 'x' }, requestState: 'v1.AAAA' })).body
        .error,
    ).toEqual(FIXED);
    expect(
      (await sendRaw(app(), 'resources/read', { uri: 'config://app', requestState: 'v1.AAAA' })).body.error,
    ).toEqual(FIXED);
  });

  test('inputResponses entries of the wrong shape are asked again, never used', async () => {
    const a = app();
    const first = await sendRaw(a, 'tools/call', { name: 'strict', arguments: {} }, { capabilities: caps });
    const state = first.body.result!.requestState;
    for (const bad of [
      5,
      'eu',
      { action: 'accept' },
      { action: 'maybe' },
      { action: 'accept', content: { region: ['eu'] } },
      { method: 'elicitation/create', result: {} },
    ]) {
      const r = await sendRaw(
        a,
        'tools/call',
        { name: 'strict', arguments: {}, requestState: state, inputResponses: { choice: bad } },
        { capabilities: caps },
      );
      expect(r.body.result).toMatchObject({
        resultType: 'input_required',
        inputRequests: { choice: expect.anything() },
      });
    }
  });
});
