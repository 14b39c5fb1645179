import { InMemoryTransport, SdkError, SdkErrorCode, Server } from '@modelcontextprotocol/server';
import { asLaneExchange } from '../../src/lane/lane-exchange';

/** A lane exchange over a linked in-memory pair, whose `onclose` records the stack trace limit it ran under. */
async function exchange() {
  const server = asLaneExchange(new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } }), undefined);
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.start();
  const seenLimits: number[] = [];
  const previous = server.onclose;
  server.onclose = () => {
    seenLimits.push(Error.stackTraceLimit);
    previous?.();
  };
  return { server, client, seenLimits };
}

describe('a lane exchange (the per-request SDK server as the fast lane runs it)', () => {
  it('closes with nothing pending without capturing a stack trace for the error nobody receives', async () => {
    const { server, seenLimits } = await exchange();
    const limit = Error.stackTraceLimit;
    await server.close();
    expect(seenLimits).toEqual([0]); // the saving: the close ran with traces off
    expect(Error.stackTraceLimit).toBe(limit); // and only the close
  });

  it('closes a request still in flight untouched: its abort listener runs with stack traces, and the reason has one', async () => {
    const { server, client, seenLimits } = await exchange();
    let aborted: unknown;
    let limitInListener: number | undefined;
    let thrownInListener: Error | undefined;
    server.setRequestHandler(
      'tools/list',
      (_req, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.mcpReq.signal.addEventListener('abort', () => {
            limitInListener = Error.stackTraceLimit;
            thrownInListener = new Error('user code failed while aborting');
            reject((aborted = ctx.mcpReq.signal.reason));
          }),
        ),
    );
    await client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const limit = Error.stackTraceLimit;
    await server.close();
    expect(aborted).toBeInstanceOf(SdkError);
    expect((aborted as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    expect((aborted as SdkError).stack).toContain('\n    at ');
    expect(limitInListener).toBe(limit);
    expect(thrownInListener!.stack).toContain('\n    at ');
    expect(seenLimits).toEqual([limit]);
  });
});
