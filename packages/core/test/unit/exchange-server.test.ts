import { InMemoryTransport, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import { ExchangeServer } from '../../src/server/exchange-server';

describe('ExchangeServer (the per-exchange SDK server)', () => {
  it('closes like the SDK server: onclose runs, a request still in flight is aborted with ConnectionClosed', async () => {
    const server = new ExchangeServer({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    let aborted: unknown;
    server.setRequestHandler(
      'tools/list',
      (_req, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.mcpReq.signal.addEventListener('abort', () => reject((aborted = ctx.mcpReq.signal.reason))),
        ),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await clientSide.start();
    let closed = false;
    const previous = server.onclose;
    server.onclose = () => {
      closed = true;
      previous?.();
    };
    await clientSide.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const limit = Error.stackTraceLimit;
    await server.close();
    expect(closed).toBe(true);
    expect(aborted).toBeInstanceOf(SdkError);
    expect((aborted as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    expect(Error.stackTraceLimit).toBe(limit); // restored after the close
  });
});
