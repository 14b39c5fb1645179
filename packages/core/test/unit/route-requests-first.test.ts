import { InMemoryTransport, Server, type JSONRPCMessage } from '@modelcontextprotocol/server';
// the schemas the SDK's router tries (the server package uses these very objects from its core package)
import { JSONRPCErrorResponseSchema, JSONRPCResultResponseSchema } from '@modelcontextprotocol/core';
import { asLaneExchange } from '../../src/accelerators/lane/lane-exchange';
import { routeRequestsFirst } from '../../src/accelerators/lane/route-requests-first';

async function connected() {
  const server = asLaneExchange(new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } }), undefined);
  server.setRequestHandler('tools/list', () => ({ tools: [] }));
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const seen: JSONRPCMessage[] = [];
  const waiting = new Map<unknown, () => void>();
  client.onmessage = (m) => {
    seen.push(m);
    if ('id' in m) waiting.get(m.id)?.();
  };
  /** Resolves once the message with this id has reached the client. */
  const answered = (id: number) =>
    seen.some((m) => 'id' in m && m.id === id)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.set(id, resolve));
  await server.connect(serverSide);
  await client.start();
  return { server, client, serverSide, seen, answered };
}

describe('routeRequestsFirst (requests go to the SDK dispatch after its request schema alone)', () => {
  it("replaces the router the SDK's connect installed, on the installed SDK (fails loudly if _onrequest is renamed)", async () => {
    const server = asLaneExchange(new Server({ name: 's', version: '1' }, { capabilities: {} }), undefined);
    expect(typeof (server as unknown as { _onrequest?: unknown })._onrequest).toBe('function');
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const sdkRouter = serverSide.onmessage;
    routeRequestsFirst(server, serverSide);
    expect(serverSide.onmessage).not.toBe(sdkRouter);
  });

  it('a lane exchange tries a request against the request schema only, not the two response schemas first', async () => {
    const { client, seen, answered } = await connected();
    const tried = [
      jest.spyOn(JSONRPCResultResponseSchema, 'safeParse'),
      jest.spyOn(JSONRPCErrorResponseSchema, 'safeParse'),
    ];
    try {
      await client.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
      await answered(3);
      expect(seen).toEqual([expect.objectContaining({ id: 3 })]);
      const triedOnTheRequest = tried
        .flatMap((spy) => spy.mock.calls)
        .filter(([value]) => (value as { method?: unknown })?.method === 'tools/list');
      expect(triedOnTheRequest).toEqual([]);
    } finally {
      for (const spy of tried) spy.mockRestore();
    }
  });

  it('answers a request, and an invalid message still reaches the SDK router (its error hook hears it)', async () => {
    const { server, client, seen, answered } = await connected();
    const errors: Error[] = [];
    const heardError = new Promise<void>((resolve) => {
      server.onerror = (e) => {
        errors.push(e);
        resolve();
      };
    });
    await client.send({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });
    await client.send({ jsonrpc: '2.0', id: 8 } as unknown as JSONRPCMessage); // neither request, response nor notification
    await Promise.all([answered(7), heardError]);
    expect(seen).toEqual([expect.objectContaining({ id: 7, result: expect.objectContaining({ tools: [] }) })]);
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('Unknown message type')]);
  });

  it('routes notifications and responses as the SDK does: a notification handler runs, a response settles the pending request', async () => {
    const { server, client } = await connected();
    const heard: string[] = [];
    let notified!: () => void;
    const handled = new Promise<void>((resolve) => (notified = resolve));
    server.setNotificationHandler('notifications/roots/list_changed', () => {
      heard.push('roots changed');
      notified();
    });
    client.onmessage = (m) => {
      if ('method' in m && 'id' in m) void client.send({ jsonrpc: '2.0', id: m.id, result: {} });
    };
    await client.send({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    const answer = await server.request({ method: 'ping' });
    await handled;
    expect(heard).toEqual(['roots changed']);
    expect(answer).toEqual({});
  });

  it('leaves a transport that routes messages itself alone', async () => {
    const server = asLaneExchange(new Server({ name: 's', version: '1' }, { capabilities: {} }), undefined);
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    const own: JSONRPCMessage[] = [];
    serverSide.onmessage = (m) => void own.push(m);
    await server.connect(serverSide);
    const sdkRouter = serverSide.onmessage;
    await Promise.resolve(serverSide.onmessage!({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    expect(own).toHaveLength(1); // the transport's own handler still hears every message
    expect(serverSide.onmessage).toBe(sdkRouter);
  });
});
