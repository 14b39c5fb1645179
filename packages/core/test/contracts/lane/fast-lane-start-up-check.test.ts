import { PerRequestHTTPServerTransport, Server } from '@modelcontextprotocol/server';
import { listen, type HttpListener } from '@tessera/core/node';
import type { Logger } from '@tessera/core';
import { appInternals } from '../../../src/app/tessera-app';
import { acceleratorsOff } from '../../../src/accelerators/accelerators-switch';
import { checkLaneAssumptions } from '../../../src/accelerators/lane/check-lane-assumptions';
import { edgeApp } from '../../e2e/two-paths-divergences.fixture';
import { headers, meta, send } from '../../e2e/support/two-paths';

/**
 * listen's fast lane checks, when a listener starts, every SDK member and schema it relies on beyond the
 * public API; if one is missing it stays off with one warning naming it, and every request takes the SDK path.
 */
const call = (text: string) => ({
  headers: headers('tools/call', 'echo'),
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text }, _meta: meta() },
  }),
});

function recordingLogger(): Logger & { warnings: [string, unknown][] } {
  const warnings: [string, unknown][] = [];
  const quiet = () => undefined;
  return {
    warnings,
    debug: quiet,
    info: quiet,
    error: quiet,
    warn: (message, fields) => warnings.push([message, fields]),
  };
}

/** Runs `during` with `member` gone from `proto` (as an SDK that renamed it), then puts it back. */
async function without<T>(proto: object, member: string, during: () => Promise<T>): Promise<T> {
  let owner = proto as Record<string, unknown>; // the prototype up the chain that defines it
  while (!Object.hasOwn(owner, member)) owner = Object.getPrototypeOf(owner) as Record<string, unknown>;
  const kept = Object.getOwnPropertyDescriptor(owner, member)!;
  delete owner[member];
  try {
    return await during();
  } finally {
    Object.defineProperty(owner, member, kept);
  }
}

afterEach(() => jest.restoreAllMocks());

it('finds everything it relies on in the pinned SDK', () => {
  expect(checkLaneAssumptions()).toEqual([]);
});

it.each([
  ['settleResponse', PerRequestHTTPServerTransport.prototype, 'PerRequestHTTPServerTransport.settleResponse()'],
  ['_onrequest', Server.prototype, 'Server._onrequest()'],
  // the direct path's multi-round-trip seam
  ['_invokeInputRequiredCapableHandler', Server.prototype, 'Server._invokeInputRequiredCapableHandler()'],
  ['_wireCodec', Server.prototype, 'Server._wireCodec()'],
  ['_servedModernEra', Server.prototype, 'Server._negotiatedProtocolVersion (read by _servedModernEra())'],
  ['_outboundServerInfo', Server.prototype, "Server._outboundServerInfo() (the server's identity)"],
])('names a missing %s', async (member, proto, named) => {
  expect(await without(proto, member, async () => checkLaneAssumptions())).toEqual([named]);
});

it('a listener started while a member is missing warns once, naming it, and serves every call the SDK way', async () => {
  const logger = recordingLogger();
  const app = edgeApp();
  Object.defineProperty(appInternals(app).endpoint, 'logger', { value: logger });
  let listener: HttpListener | undefined;
  try {
    listener = await without(PerRequestHTTPServerTransport.prototype, 'settleResponse', () => listen(app, { port: 0 }));
    expect(logger.warnings).toEqual([
      [expect.stringContaining('fast lane off'), { changed: ['PerRequestHTTPServerTransport.settleResponse()'] }],
    ]);
    const connect = jest.spyOn(Server.prototype, 'connect');
    const answer = await send(listener.url, call('still served'));
    expect(answer.body).toMatchObject({ result: { content: [{ text: 'still served' }] } });
    expect(connect).toHaveBeenCalledTimes(1); // an SDK server was built for it: the lane did not serve it
    expect(answer.framing).toBe('chunked'); // written by the SDK's node adapter
  } finally {
    await listener?.close();
    await app.close();
  }
});

it('TESSERA_ACCELERATORS=off keeps the lane off (said once at info), and every call is served the SDK way', async () => {
  const infos: string[] = [];
  const app = edgeApp();
  Object.defineProperty(appInternals(app).endpoint, 'logger', {
    value: { ...recordingLogger(), info: (message: string) => void infos.push(message) },
  });
  const saved = process.env.TESSERA_ACCELERATORS;
  process.env.TESSERA_ACCELERATORS = 'off';
  let listener: HttpListener | undefined;
  try {
    listener = await listen(app, { port: 0 });
    expect(infos).toEqual(['HTTP fast lane off: TESSERA_ACCELERATORS=off; every request takes the SDK path']);
    const connect = jest.spyOn(Server.prototype, 'connect');
    const answer = await send(listener.url, call('the public way'));
    expect(answer.body).toMatchObject({ result: { content: [{ text: 'the public way' }] } });
    expect(connect).toHaveBeenCalledTimes(1); // an SDK server was built for it: the lane did not serve it
    expect(answer.framing).toBe('chunked'); // written by the SDK's node adapter
  } finally {
    if (saved === undefined) delete process.env.TESSERA_ACCELERATORS;
    else process.env.TESSERA_ACCELERATORS = saved;
    await listener?.close();
    await app.close();
  }
});

it('a TESSERA_ACCELERATORS other than on, off or off:<names> is refused, naming what it takes', () => {
  expect(() => acceleratorsOff({ TESSERA_ACCELERATORS: 'no' })).toThrow(
    'TESSERA_ACCELERATORS must be "on", "off" or "off:<name>,..." (or unset), got "no"',
  );
  expect([undefined, '', 'on', 'off'].map((value) => acceleratorsOff({ TESSERA_ACCELERATORS: value }))).toEqual([
    false,
    false,
    false,
    true,
  ]);
});
