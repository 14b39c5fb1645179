import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { createApp, silentLogger } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { overStdio } from '../e2e/support/over-stdio';
import { headers, message, pairOpener, send } from '../e2e/support/two-paths';
import { FORM, RegionForm } from './app-fixtures';

// SEP-3118: an @Elicit with an app view carries _meta.ui.resourceUri only for a client that declares the
// nested elicitation flag of the ui extension; the answer is read the same either way.
const APP_QUESTIONS = {
  elicitation: { form: {} },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'], elicitation: {} } },
};
const APPS_ONLY = {
  elicitation: { form: {} },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
const PLAIN = { elicitation: { form: {} } };

const app = () => createApp({ name: 'forms', version: '1', providers: [RegionForm], logger: silentLogger });
type Asked = {
  resultType: string;
  inputRequests: { region: { params: Record<string, unknown> } };
  requestState: string;
};

function expectAppForm(result: unknown): void {
  const region = (result as Asked).inputRequests.region;
  expect(region.params).toMatchObject({
    mode: 'form',
    message: expect.stringMatching(/^Which region\?/),
    _meta: { ui: { resourceUri: FORM } },
  });
}
function expectPlainForm(result: unknown): void {
  const region = (result as Asked).inputRequests.region;
  expect(region.params).toMatchObject({ mode: 'form', message: 'Which region?' });
  expect(region.params).not.toHaveProperty('_meta');
}

describe('app-rendered questions (SEP-3118)', () => {
  test('the server advertises the ui extension with elicitation once such a question exists', async () => {
    const caps = (await sendRaw(app(), 'server/discover', {})).body.result?.capabilities;
    expect(caps).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': { elicitation: {} } } });
  });

  describe('on the fetch face', () => {
    test('a client that declares the flag gets the view; the answer is read as any form answer', async () => {
      const a = app();
      const call = { name: 'deploy', arguments: {} };
      const first = await sendRaw(a, 'tools/call', call, { capabilities: APP_QUESTIONS as never });
      expectAppForm(first.body.result);
      const state = (first.body.result as Asked).requestState;
      const bad = await sendRaw(
        a,
        'tools/call',
        { ...call, requestState: state, inputResponses: { region: { action: 'accept', content: { region: 'mars' } } } },
        { capabilities: APP_QUESTIONS as never },
      );
      // asked again with the reason, still with the view
      expectAppForm(bad.body.result);
      expect(JSON.stringify(bad.body.result)).toContain('region must be one of');
      const good = await sendRaw(
        a,
        'tools/call',
        { ...call, requestState: state, inputResponses: { region: { action: 'accept', content: { region: 'us' } } } },
        { capabilities: APP_QUESTIONS as never },
      );
      expect(good.body.result?.content).toEqual([{ type: 'text', text: 'deployed to us' }]);
    });

    test.each([
      ['renders apps but not app questions', APPS_ONLY],
      ['renders no apps', PLAIN],
    ])('a client that %s gets the plain form', async (_what, capabilities) => {
      const r = await sendRaw(
        app(),
        'tools/call',
        { name: 'deploy', arguments: {} },
        { capabilities: capabilities as never },
      );
      expectPlainForm(r.body.result);
    });

    test('a decline is handled as for any form', async () => {
      const a = app();
      const call = { name: 'deploy', arguments: {} };
      const first = await sendRaw(a, 'tools/call', call, { capabilities: APP_QUESTIONS as never });
      const declined = await sendRaw(
        a,
        'tools/call',
        {
          ...call,
          requestState: (first.body.result as Asked).requestState,
          inputResponses: { region: { action: 'decline' } },
        },
        { capabilities: APP_QUESTIONS as never },
      );
      expect(declined.body.result?.isError ?? declined.body.error).toBeTruthy();
    });
  });

  describe('over listen, on the default lane and with fastPath: false', () => {
    const open = pairOpener();
    test.each([
      ['declares the flag', APP_QUESTIONS, true],
      ['does not', PLAIN, false],
    ])('a client that %s', async (_what, capabilities, withView) => {
      const { fast, sdk } = await open(app());
      for (const url of [fast, sdk]) {
        const answer = await send(url, {
          headers: headers('tools/call', 'deploy'),
          body: message('tools/call', { name: 'deploy', arguments: {} }, capabilities),
        });
        const result = (answer.body as { result: unknown }).result;
        if (withView) expectAppForm(result);
        else expectPlainForm(result);
      }
    });
  });

  describe('over stdio', () => {
    test.each([
      ['declares the flag', APP_QUESTIONS, true],
      ['does not', PLAIN, false],
    ])('a client that %s', async (_what, capabilities, withView) => {
      const answer = await overStdio(app(), {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'deploy',
          arguments: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'stdio-test', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': capabilities,
          },
        },
      } as JSONRPCMessage);
      const result = (answer as { result: unknown }).result;
      if (withView) expectAppForm(result);
      else expectPlainForm(result);
    });
  });

  test('createApp refuses an app that names no @AppResource', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Provider, Tool, Elicit } = require('@tessera/core') as typeof import('@tessera/core');
    @Provider()
    class Loose {
      @Tool()
      ask(
        @Elicit({
          key: 'k',
          message: 'm',
          schema: { type: 'object', properties: { a: { type: 'string' } } },
          app: 'ui://x/none.html',
        })
        _a: unknown,
      ): string {
        return '';
      }
    }
    expect(() => createApp({ name: 'l', version: '1', providers: [Loose], logger: silentLogger })).toThrow(
      'Loose.ask: @Elicit "k" app names "ui://x/none.html", which no @AppResource serves (the app has no @AppResource).',
    );
  });
});
