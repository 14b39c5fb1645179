import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits';
import { checkRetryParams } from '../../src/screening/check-retry-params';
import { MachineTools } from './fixtures';
import { watchLargeInputs } from './support/watch-large-inputs';
import { PROVISION_HEADERS, envelopeOf, manyKeys } from './support/provision-call';

// A refusal answers with the request's id only when it is a string or a number (JSON-RPC 2.0 allows
// nothing else); an object or array id, as large as the body, was echoed back whole (3.4 MB for a
// 3.4 MB body), and the pre-parse scan decoded it with JSON.parse before giving up and letting the whole
// body be parsed too. Now: id null, from the scan, nothing parsed.
const META = envelopeOf('ids');
const OUTSIDE =
  'Invalid request for tool "provision": the request holds more than 10000 keys and array items outside arguments (limits.maxMembersOutsideArguments)';

describe('the id a refusal answers with', () => {
  let app: TesseraApp;
  beforeAll(() => {
    app = createApp({ name: 'ids', version: '1', providers: [MachineTools], logger: silentLogger });
  });
  afterAll(() => app.close());

  test.each([
    ['an object of 300 000 keys', manyKeys(300_000)],
    ['an array of 300 000 items', new Array(300_000).fill(0)],
  ])('an id that is %s: refused from the scan with id null, nothing parsed or echoed', async (_what, id) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'provision', arguments: { name: 'a', region: 'b' }, _meta: META },
    });
    const { result, parses } = await watchLargeInputs(async () => {
      const response = await app.fetch(
        new Request('http://127.0.0.1/mcp', { method: 'POST', headers: PROVISION_HEADERS, body }),
      );
      return { status: response.status, text: await response.text() };
    });
    expect(result.text.length).toBeLessThan(400);
    expect(JSON.parse(result.text)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32602, message: OUTSIDE } });
    expect(parses).toBe(0);
  });

  test('the post-parse checks (every face, stdio included) answer an object id with null too', () => {
    const message = {
      jsonrpc: '2.0',
      id: { a: 1 },
      method: 'tools/call',
      params: { name: 'provision', arguments: manyKeys(1001) },
    };
    expect(checkRetryParams(message, DEFAULT_REQUEST_LIMITS)).toMatchObject({ id: null, error: { code: -32602 } });
    const badResponses = {
      jsonrpc: '2.0',
      id: [1],
      method: 'tools/call',
      params: { name: 'provision', arguments: {}, inputResponses: [] },
    };
    expect(checkRetryParams(badResponses, DEFAULT_REQUEST_LIMITS)).toMatchObject({ id: null, error: { code: -32602 } });
  });
});
