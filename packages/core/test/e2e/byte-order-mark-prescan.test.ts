import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits';
import { scanRefusal } from '../../src/limits/refuse-by-scan';
import { MachineTools } from './fixtures';
import { listenedApp } from './support/listened-app';
import { watchLargeInputs } from './support/watch-large-inputs';
import { PROVISION_HEADERS, envelopeOf } from './support/provision-call';

// A body may start with a UTF-8 byte order mark: the endpoint decodes with TextDecoder (as request.json()
// does), which drops it, so JSON.parse accepts the body. The pre-parse scan must read past it too, or the
// three bytes EF BB BF let any body over the limits skip the scan and be parsed whole (#17 item 1).
const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const META = envelopeOf('bom');
const EXPECTED = {
  code: -32602,
  message: 'Invalid arguments for tool "provision": arguments hold more than 1000 keys in all (limits.maxArgumentKeys)',
};

function withBom(text: string): Uint8Array<ArrayBuffer> {
  const body = new TextEncoder().encode(text);
  const out = new Uint8Array(BOM.length + body.length);
  out.set(BOM);
  out.set(body, BOM.length);
  return out;
}

/** A tools/call of `provision` whose arguments hold 100 000 keys: about 1.6 MB. */
function hugeCall(id: number): string {
  const args: Record<string, unknown> = { name: 'web1', region: 'eu' };
  for (let i = 0; i < 100_000; i += 1) args[`extra${i}`] = i;
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'provision', arguments: args, _meta: META },
  });
}

describe('a body that starts with a byte order mark', () => {
  const loopback = listenedApp('bom', [MachineTools]);

  test('the scan reads past it: the same refusal as without it', () => {
    const text = hugeCall(1);
    const plain = scanRefusal(new TextEncoder().encode(text), DEFAULT_REQUEST_LIMITS);
    expect(plain).toMatchObject({ error: EXPECTED });
    expect(scanRefusal(withBom(text), DEFAULT_REQUEST_LIMITS)).toEqual(plain);
  });

  test.each([
    [
      'the fetch face',
      async (body: Uint8Array<ArrayBuffer>) =>
        loopback.app.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: PROVISION_HEADERS, body })),
    ],
    [
      'listen (fast path, then the endpoint)',
      async (body: Uint8Array<ArrayBuffer>) =>
        fetch(loopback.listener.url, { method: 'POST', headers: PROVISION_HEADERS, body }),
    ],
  ])('over %s: refused with the -32602, never parsed', async (_face, send) => {
    const body = withBom(hugeCall(2));
    const { result, parses } = await watchLargeInputs(
      async () => (await (await send(body)).json()) as { error?: unknown },
    );
    expect(result.error).toEqual(EXPECTED);
    expect(parses).toBe(0);
  });

  test('a small call with one is still served, as before', async () => {
    const small = JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'provision', arguments: { name: 'web3', region: 'us' }, _meta: META },
    });
    const answer = await (
      await fetch(loopback.listener.url, { method: 'POST', headers: PROVISION_HEADERS, body: withBom(small) })
    ).text();
    expect(answer).toContain('provisioned web3 in us');
  });
});
