import { Ctx, createApp, ExecutionContext, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { TesseraClient } from '@tessera/client';

// legacySessions.resumeEvents (SEP-1699): a 2025 session's event streams are resumable, so a handler may
// close its own stream mid-call and the client, back with Last-Event-ID after `retryMs`, gets the result.

@Provider()
class Polling {
  @Tool({ description: 'Closes its stream mid-call when it can.' })
  poll(@Ctx() ctx: ExecutionContext): string {
    const close = ctx.sdk.http?.closeSSE;
    close?.(); // at once: the result below finds no stream and waits in the event store for the client's return
    return close ? 'closed its stream, answered after' : 'no stream to close';
  }
}

const appModule = { name: 'resumable', version: '1', providers: [Polling], logger: silentLogger };
const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe('resumable event streams on 2025 sessions', () => {
  let app: TesseraApp | undefined;
  let client: TesseraClient | undefined;
  afterEach(async () => {
    await client?.close();
    await app?.close();
    client = app = undefined;
  });

  async function call(options: Parameters<typeof createApp>[1]) {
    app = createApp(appModule, options);
    const { url } = await listen(app, { port: 0 });
    client = new TesseraClient({ protocol: 'legacy' });
    await client.connect({ url: url.href });
    const started = performance.now();
    const result = await client.callTool({ name: 'poll' });
    return { text: text(result), ms: performance.now() - started };
  }

  test('with resumeEvents, a handler closes its stream and the result arrives on the resumed one', async () => {
    const { text: answer, ms } = await call({ legacySessions: { resumeEvents: 10, retryMs: 200 } });
    expect(answer).toBe('closed its stream, answered after');
    expect(ms).toBeGreaterThanOrEqual(150); // the client waited the priming event's retry before it came back
  });

  test('off by default: no stream to close, the call answers on its own stream', async () => {
    expect((await call({ legacySessions: true })).text).toBe('no stream to close');
  });

  test('bad values are refused at createApp', () => {
    expect(() => createApp(appModule, { legacySessions: { resumeEvents: -1 } })).toThrow(
      'legacySessions.resumeEvents must be a positive number, got -1.',
    );
    expect(() => createApp(appModule, { legacySessions: { retryMs: 0 } })).toThrow(
      'legacySessions.retryMs must be a positive number, got 0.',
    );
  });
});
