// What every framework test checks through its mounted app, with TesseraClient over HTTP: the two-round
// booking flow with the bearer token the host passes through, and a call without a token refused 401.
import { TesseraClient } from '@tessera/client';

export const TOKEN = 'test-token';

/** The headers of every 2026-07-28 POST to the endpoint. */
const POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
};

export async function expectBookingFlow(url: string, price = 150): Promise<void> {
  const asked: string[] = [];
  const client = new TesseraClient({
    elicitation: async (params) => {
      asked.push(params.message);
      return params.message.startsWith('Which night')
        ? { action: 'accept', content: { night: 'saturday' } }
        : { action: 'accept', content: { confirm: true } };
    },
  });
  await client.connect({ url, headers: { authorization: `Bearer ${TOKEN}` } });
  try {
    const result = await client.callTool({ name: 'book_room', arguments: { room: 'Blue' } });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expect(text).toBe(`Booked Blue on saturday for demo-user at ${price} EUR`);
    expect(asked).toEqual(['Which night for Blue?', 'Book Blue on saturday?']);
    expect(result.isError).toBeFalsy();
  } finally {
    await client.close();
  }
}

export async function expectRefusedWithoutToken(url: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: POST_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
}

/** A malformed tool call through the host's parser: answered by Tessera naming the field, not by the host. */
export async function expectBadArgumentsNamed(url: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      ...POST_HEADERS,
      'mcp-method': 'tools/call',
      'mcp-name': 'book_room',
      authorization: `Bearer ${TOKEN}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: {
        name: 'book_room',
        arguments: { room: 'B' },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    }),
  });
  const text = await response.text();
  expect(text).toMatch(/room/);
  expect(text).toMatch(/longer than or equal to 2/);
}

/**
 * A client holding a subscriptions/listen stream open, as a client waiting for change notifications does:
 * what a host's graceful stop has to end. Returns its closer (the host may already have cut it).
 */
export async function openListenStream(url: string): Promise<() => Promise<void>> {
  const client = new TesseraClient({ name: 'listener' });
  await client.connect({ url, headers: { authorization: `Bearer ${TOKEN}` } });
  const subscription = await client.sdk.listen({ toolsListChanged: true });
  expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
  return () => client.close().catch(() => undefined);
}
