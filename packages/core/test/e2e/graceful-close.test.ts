import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { rawToolCall } from './support/raw-tool-call';

let release: () => void = () => undefined;
let started: () => void = () => undefined;

@Provider()
class Slow {
  @Tool()
  async slow(): Promise<string> {
    started();
    await new Promise<void>((resolve) => (release = resolve));
    return 'finished';
  }
}

const { body, headers } = rawToolCall('slow');

/** One POST on a kept-alive connection, answered with its headers and text. */
function post(url: URL, agent: Agent): Promise<{ headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ headers: res.headers, text }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

describe('closing a listener', () => {
  test('lets a call in flight finish, then stops accepting', async () => {
    const app = createApp({ name: 'slow', version: '1', providers: [Slow], logger: silentLogger });
    const { url, close } = await listen(app, { port: 0, drainMs: 5000 });
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const response = fetch(url, { method: 'POST', headers, body });
    await inFlight;
    const closing = close();
    release();
    const answered = await response;
    expect(await answered.text()).toContain('finished');
    await closing;
    await expect(fetch(url, { method: 'POST', headers, body })).rejects.toThrow();
  });

  test.each([true, false])(
    'the answer to a call in flight when the drain starts says Connection: close (fastPath: %p)',
    async (fastPath) => {
      const app = createApp({ name: 'slow', version: '1', providers: [Slow], logger: silentLogger });
      const { url, close } = await listen(app, { port: 0, drainMs: 5000, fastPath });
      const agent = new Agent({ keepAlive: true });
      try {
        const inFlight = new Promise<void>((resolve) => (started = resolve));
        const answer = post(url, agent);
        await inFlight;
        const closing = close();
        release();
        const answered = await answer;
        expect(answered.text).toContain('finished');
        expect(answered.headers.connection).toBe('close');
        await closing;
      } finally {
        agent.destroy();
        await app.close();
      }
    },
  );

  test('cuts a call that outlives drainMs', async () => {
    const app = createApp({ name: 'slow', version: '1', providers: [Slow], logger: silentLogger });
    const { url, close } = await listen(app, { port: 0, drainMs: 50 });
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const response = fetch(url, { method: 'POST', headers, body }).then((r) => r.text());
    await inFlight;
    await close();
    await expect(response).rejects.toThrow();
    release();
  });
});
