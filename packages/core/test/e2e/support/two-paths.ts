import { request as httpRequest } from 'node:http';
import { Server } from '@modelcontextprotocol/server';
import type { TesseraApp } from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { envelopeOf } from './provision-call';

/**
 * Requests sent the same to a listener with the fast path and to one without it (`fastPath: false`), and
 * their answers compared: http-fast-path.test.ts and direct-tool-calls.test.ts.
 */
export const MODERN = '2026-07-28';
export const meta = (capabilities: object = {}) => envelopeOf('paths-test', capabilities);
export const message = (
  method: string,
  params: Record<string, unknown> = {},
  capabilities?: object,
  id: number | string = 1,
) => JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta(capabilities) } });
export const headers = (method: string, name?: string, extra: Record<string, string> = {}) => ({
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': MODERN,
  'mcp-method': method,
  ...(name !== undefined ? { 'mcp-name': name } : {}),
  ...extra,
});

export interface Raw {
  method?: string;
  headers: Record<string, string>;
  /** A string body; `chunks` sends it in pieces without a Content-Length. */
  body?: string;
  chunks?: string[];
}
export interface Answer {
  status: number;
  contentType: string | undefined;
  authenticate: string | undefined;
  body: unknown;
  /** The body as sent, sealed states blanked (they differ on every answer): compared byte for byte. */
  text: string;
  /** How the body was framed: the fast path writes a JSON answer whole, the SDK's adapter streams it chunked. */
  framing: 'length' | 'chunked' | 'none';
}

/** Sends one raw request and reads the answer: JSON parsed, SSE as the list of its messages. */
export function send(url: URL, raw: Raw): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const hdrs: Record<string, string> = { ...raw.headers };
    if (raw.body !== undefined && hdrs['content-length'] === undefined)
      hdrs['content-length'] = String(Buffer.byteLength(raw.body));
    const req = httpRequest(url, { method: raw.method ?? 'POST', headers: hdrs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const contentType = res.headers['content-type']?.split(';')[0];
        let body: unknown = text;
        if (contentType === 'application/json' && text) body = JSON.parse(text);
        if (contentType === 'text/event-stream')
          body = text
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => JSON.parse(l.slice(5)));
        const framing =
          res.headers['content-length'] !== undefined
            ? 'length'
            : res.headers['transfer-encoding'] === 'chunked'
              ? 'chunked'
              : 'none';
        const blanked = text.replace(/"requestState":"[^"]*"/g, '"requestState":"<sealed>"');
        resolve({
          status: res.statusCode!,
          contentType,
          authenticate: res.headers['www-authenticate'],
          body,
          text: blanked,
          framing,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (raw.chunks) {
      for (const chunk of raw.chunks) req.write(chunk);
      req.end();
    } else req.end(raw.body);
  });
}

/** Sealed states differ on every answer (fresh nonce): compare their presence, not their bytes. */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'requestState' && typeof v === 'string' ? '<sealed>' : normalise(v),
    ]),
  );
}

let lastSdk: Answer | undefined;

/** The SDK path's answer to the last `bothPaths` request. */
export const lastSdkAnswer = (): Answer | undefined => lastSdk;

/** Sends the same request to both listeners and expects the same answer (framing aside); returns the fast path's. */
export async function bothPaths(fast: URL, sdk: URL, raw: Raw): Promise<Answer> {
  const [a, b] = [await send(fast, raw), await send(sdk, raw)];
  const { framing: _fastFraming, ...sameA } = a;
  const { framing: _sdkFraming, ...sameB } = b;
  expect(normalise(sameA)).toEqual(normalise(sameB));
  lastSdk = b;
  return a;
}

/**
 * The same request on both paths (the same answer expected, as `bothPaths`), and how many SDK servers each
 * listener built for it (none where the direct path served it).
 */
export async function bothPathsWithServers(
  on: Pair,
  raw: Raw,
): Promise<{ answer: Answer; sdkServersOnFastPath: number; sdkServersOnSdkPath: number }> {
  const connect = jest.spyOn(Server.prototype, 'connect');
  const answer = await send(on.fast, raw);
  const sdkServersOnFastPath = connect.mock.calls.length;
  await send(on.sdk, raw);
  const sdkServersOnSdkPath = connect.mock.calls.length - sdkServersOnFastPath;
  connect.mockRestore();
  await bothPaths(on.fast, on.sdk, raw);
  return { answer, sdkServersOnFastPath, sdkServersOnSdkPath };
}

/** The URLs of one app's two listeners: with the fast path, and without it (`fastPath: false`). */
export interface Pair {
  fast: URL;
  sdk: URL;
}

/**
 * For the file: a function that opens an app on two loopback listeners (`host` when given), with the fast
 * path and without it; every listener and app it opened is closed after the file's tests.
 */
export function pairOpener(): (app: TesseraApp, host?: string) => Promise<Pair> {
  const apps: TesseraApp[] = [];
  const listeners: HttpListener[] = [];
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.close()));
    await Promise.all(apps.map((a) => a.close()));
  });
  return async (app, host) => {
    apps.push(app);
    const on = host ? { host } : {};
    const [f, s] = [await listen(app, { port: 0, ...on }), await listen(app, { port: 0, fastPath: false, ...on })];
    listeners.push(f, s);
    return { fast: f.url, sdk: s.url };
  };
}
