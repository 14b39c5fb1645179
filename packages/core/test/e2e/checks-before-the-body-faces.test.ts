import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TesseraApp } from '@tessera/core';
import { nodeHandler } from '@tessera/core/node';
import { edgeApp } from './two-paths-divergences.fixture';
import { headers, meta } from './support/two-paths';

/**
 * The order of checks on the faces besides `listen` (checks-before-the-body.test.ts): Host/Origin, then
 * authentication, both answered before a byte of the body is read; then the body. The web-standard `fetch`
 * face, with `allowedHosts`, and `nodeHandler` reading the body from the request stream, on both paths.
 */
const apps: TesseraApp[] = [];
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all(apps.map((a) => a.close()));
});
const app = (auth = false) => {
  const made = edgeApp({ auth });
  apps.push(made);
  return made;
};

const callText = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hi' }, _meta: meta() },
});

/** A request whose body is a stream that counts how often it is read from, and never ends on its own. */
function heldRequest(extra: Record<string, string>, body?: string): { request: Request; pulls: () => number } {
  let pulls = 0;
  const bytes = new TextEncoder().encode(body ?? '{"jsonrpc"');
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls += 1;
        controller.enqueue(bytes);
        if (body !== undefined) controller.close();
      },
    },
    { highWaterMark: 0 }, // nothing is pulled until someone reads
  );
  const request = new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { ...headers('tools/call', 'echo'), host: 'localhost', ...extra },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { request, pulls: () => pulls };
}

describe('the fetch face with allowedHosts', () => {
  const allowedHosts = ['localhost'];

  it.each([
    ['a foreign Host', { host: 'evil.example' }],
    ['a foreign Origin', { origin: 'http://evil.example' }],
  ])('refuses %s with 403 before reading the body, before authentication', async (_what, extra) => {
    const held = heldRequest(extra);
    const answer = await app(true).fetch(held.request, { allowedHosts });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBeNull(); // refused on the host, not on the (missing) token
    expect(held.pulls()).toBe(0);
  });

  it('refuses a missing or bad token with 401 before reading the body', async () => {
    const served = app(true);
    for (const auth of [{}, { authorization: 'Bearer bad-token' }] as Record<string, string>[]) {
      const held = heldRequest(auth);
      const answer = await served.fetch(held.request, { allowedHosts });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(held.pulls()).toBe(0);
    }
  });

  it('reads and serves the body once the host and the token pass', async () => {
    const held = heldRequest({ authorization: 'Bearer good-token' }, callText);
    const answer = await app(true).fetch(held.request, { allowedHosts });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ result: { content: [{ text: 'hi' }] } });
    expect(held.pulls()).toBeGreaterThan(0);
  });

  it('checks no host without the option (the host application decides, as for the SDK handler)', async () => {
    const held = heldRequest({ host: 'anything.example' }, callText);
    expect((await app().fetch(held.request)).status).toBe(200);
  });
});

/** A host server whose route hands the unread request to nodeHandler. */
async function hosted(served: TesseraApp, fastPath: boolean): Promise<URL> {
  const mcp = nodeHandler(served, { allowedHosts: ['127.0.0.1'], fastPath });
  const server = createServer((req, res) => void mcp(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

/** Announces a 3 MB body and sends ten bytes of it: an answer can only come from the headers. */
function heldPost(url: URL, extra: Record<string, string>): Promise<{ status: number; authenticate?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { ...headers('tools/call', 'echo'), 'content-length': '3000000', ...extra },
    });
    req.on('response', (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, authenticate: res.headers['www-authenticate'] });
      });
    });
    req.on('error', reject);
    req.write('{"jsonrpc"');
  });
}

describe.each([
  ['the fast lane', true],
  ['the SDK path', false],
])('nodeHandler reading the stream, on %s', (_path, fastPath) => {
  it('refuses a foreign Host or Origin, then a missing token, before reading the body', async () => {
    const url = await hosted(app(true), fastPath);
    expect(await heldPost(url, { host: 'evil.example' })).toMatchObject({ status: 403, authenticate: undefined });
    expect(await heldPost(url, { origin: 'http://evil.example' })).toMatchObject({ status: 403 });
    expect(await heldPost(url, {})).toMatchObject({ status: 401, authenticate: expect.stringMatching(/^Bearer /) });
    expect(await heldPost(url, { authorization: 'Bearer bad-token' })).toMatchObject({ status: 401 });
  });
});
