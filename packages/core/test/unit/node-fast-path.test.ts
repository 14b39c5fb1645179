import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { connectionSignal } from '../../src/node/connection-signal';
import { laneTakes } from '../../src/accelerators/lane/fast-lane';
import { NodeRequestView } from '../../src/node/node-request-view';

const socket = () => Object.assign(new EventEmitter(), { destroyed: false }) as unknown as Socket;
const req = (method: string, headers: Record<string, string | string[]>, on = socket()) =>
  ({ method, headers, url: '/mcp?x=1', socket: on }) as unknown as IncomingMessage;
const modern = { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28' };

describe('which requests take the fast path (headers only)', () => {
  it('takes a stateless 2026-07-28 JSON POST', () => {
    expect(laneTakes(req('POST', modern))).toBe(true);
    expect(
      laneTakes(
        req('POST', {
          ...modern,
          'content-type': 'application/json; charset=utf-8',
          'mcp-protocol-version': ' 2026-07-28 ',
        }),
      ),
    ).toBe(true);
  });

  it('leaves everything else to the SDK adapter', () => {
    expect(laneTakes(req('GET', modern))).toBe(false);
    expect(laneTakes(req('DELETE', modern))).toBe(false);
    expect(laneTakes(req('POST', { ...modern, 'mcp-protocol-version': '2025-11-25' }))).toBe(false);
    expect(laneTakes(req('POST', { 'content-type': 'application/json' }))).toBe(false);
    expect(laneTakes(req('POST', { ...modern, 'mcp-session-id': 'abc' }))).toBe(false);
    expect(laneTakes(req('POST', { ...modern, 'content-type': 'text/plain' }))).toBe(false);
  });
});

describe('NodeRequestView', () => {
  const res = Object.assign(new EventEmitter(), {
    writableFinished: false,
    destroyed: false,
  }) as unknown as ServerResponse;
  const view = () =>
    new NodeRequestView(
      req('POST', { host: '127.0.0.1:8080', 'mcp-name': 'echo', 'x-many': ['a', 'b'], ':authority': 'h2' }),
      res,
      '{"a":1}',
    );

  it('reads headers like Headers does: case-insensitive, repeated ones joined, sorted, no pseudo-headers', () => {
    const v = view();
    expect(v.headers.get('MCP-Name')).toBe('echo');
    expect(v.headers.get('x-many')).toBe('a, b');
    expect(v.headers.get('absent')).toBeNull();
    expect(v.headers.has('host')).toBe(true);
    expect([...v.headers]).toEqual([
      ['host', '127.0.0.1:8080'],
      ['mcp-name', 'echo'],
      ['x-many', 'a, b'],
    ]);
    expect(v.url).toBe('http://127.0.0.1:8080/mcp?x=1');
  });

  it('serves the body it was given once, and clones into a real Request', async () => {
    const v = view();
    const copy = v.clone();
    expect(copy).toBeInstanceOf(Request);
    expect(copy.headers.get('mcp-name')).toBe('echo');
    expect(await v.json()).toEqual({ a: 1 });
    expect(v.bodyUsed).toBe(true);
    await expect(v.text()).rejects.toThrow('Body is unusable');
    expect(await copy.text()).toBe('{"a":1}');
  });

  it("aborts its signal when the client's connection closes, one signal for the connection's exchanges", () => {
    const connection = socket();
    const first = new NodeRequestView(req('POST', {}, connection), res, '{}');
    const second = new NodeRequestView(req('POST', {}, connection), res, '{}');
    const elsewhere = new NodeRequestView(req('POST', {}), res, '{}');
    expect(first.signal).toBe(second.signal);
    expect(elsewhere.signal).not.toBe(first.signal);
    expect(first.signal.aborted).toBe(false);
    connection.emit('close');
    expect(second.signal.aborted).toBe(true);
    expect(elsewhere.signal.aborted).toBe(false);
  });

  it('gives a clone a signal of its own, aborted if the answer is not written', () => {
    const closing = Object.assign(new EventEmitter(), {
      writableFinished: false,
      destroyed: false,
    }) as unknown as ServerResponse;
    const copy = new NodeRequestView(req('POST', { host: 'h' }), closing, '{}').clone();
    expect(copy.signal.aborted).toBe(false);
    closing.emit('close');
    expect(copy.signal.aborted).toBe(true);
  });
});

describe('connectionSignal', () => {
  it('is aborted from the start for a connection already closed', () => {
    const gone = Object.assign(new EventEmitter(), { destroyed: true }) as unknown as Socket;
    expect(connectionSignal(gone).aborted).toBe(true);
  });
});
