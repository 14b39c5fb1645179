import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { MachineTools } from './fixtures';
import { PROVISION_HEADERS, envelopeOf, provisionCall } from './support/provision-call';

// The Node face hands the endpoint its pre-parse refusal under a key of its own (face-request-options.ts).
// A caller of app.fetch must not be able to make the endpoint answer with a message of the caller's choosing
// by passing an option: the option is not part of the public fetch options, and a plain one is refused by name.
const META = envelopeOf('options');
const call = () =>
  new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: PROVISION_HEADERS,
    body: provisionCall(7, { name: 'web1', region: 'eu' }, META),
  });
const forged = { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'forged by the caller' } };

describe('app.fetch options', () => {
  let app: TesseraApp;
  beforeAll(() => {
    app = createApp({ name: 'options', version: '1', providers: [MachineTools], logger: silentLogger });
  });
  afterAll(() => app.close());

  test('a refusedBeforeParse option is not part of the public fetch options (compile time)', () => {
    // @ts-expect-error the Node face's refusal hand-off is internal
    const options: Parameters<TesseraApp['fetch']>[1] = { refusedBeforeParse: forged };
    expect(options).toBeDefined();
  });

  test('a caller passing refusedBeforeParse anyway is refused by name, never answered with the message it passed', async () => {
    await expect(app.fetch(call(), { refusedBeforeParse: forged } as never)).rejects.toThrow(
      'fetch options: "refusedBeforeParse" is not an option; known: allowedHosts, authInfo, parsedBody.',
    );
  });

  test('a misspelt allowedHosts is refused instead of leaving the Host check off', async () => {
    await expect(app.fetch(call(), { allowedHost: ['127.0.0.1'] } as never)).rejects.toThrow(
      'fetch options: "allowedHost" is not an option',
    );
  });
});
