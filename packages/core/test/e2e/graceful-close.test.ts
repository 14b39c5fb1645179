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
