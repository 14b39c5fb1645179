import { InvalidConnectTargetError, TesseraClient } from '../src';
import { createFixtureHandler } from './fixtures/serve-fixture.fixture';

describe('connect targets', () => {
  it('calls an in-memory handler with standard Requests, headers included, and no socket', async () => {
    const handler = createFixtureHandler();
    const requests: Request[] = [];
    const client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { name: 'Mem' } }) });
    await client.connect({
      fetch: (request) => {
        requests.push(request);
        return handler.fetch(request);
      },
      headers: { 'x-tenant': 'acme' },
    });
    try {
      const result = await client.callTool({ name: 'greet', arguments: { greeting: 'Yo' } });
      expect(result.content).toEqual([{ type: 'text', text: 'Yo, Mem' }]);
      expect(requests.every((request) => request instanceof Request)).toBe(true);
      expect(requests.every((request) => request.headers.get('x-tenant') === 'acme')).toBe(true);
      expect(new URL(requests[0]!.url).hostname).toBe('in-memory.tessera.invalid');
    } finally {
      await client.close();
    }
  });

  it('rejects a target of no known shape', async () => {
    const client = new TesseraClient();
    await expect(client.connect({} as never)).rejects.toBeInstanceOf(InvalidConnectTargetError);
    await expect(client.connect({} as never)).rejects.toMatchObject({ code: 'TESSERA_INVALID_CONNECT_TARGET' });
  });
});
