import { Agent, request as httpRequest } from 'node:http';
import { getEventListeners } from 'node:events';
import { IsIn } from 'class-validator';
import {
  createApp,
  Ctx,
  Elicit,
  ExecutionContext,
  Field,
  Provider,
  silentLogger,
  Tool,
  UseInterceptors,
  type Interceptor,
  type TesseraApp,
} from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { MachineTools } from './fixtures';
import { envelopeOf } from './support/provision-call';

// The fast path shares one abort signal per kept-alive connection (connection-signal.ts): every exchange
// must take its abort listener off when it ends, or a long-lived connection gathers one per call
// (MaxListenersExceededWarning after 10, and memory held for the connection's life). A direct call
// (lane/direct/) reads the connection's signal only when its handler reads its own.
class Size {
  @Field()
  @IsIn(['s', 'm'])
  size!: string;
}

const passing: Interceptor = { intercept: async (_ctx, next) => next() };

@Provider()
class SignalTools {
  @Tool()
  watchful(@Ctx() ctx: ExecutionContext): string {
    return ctx.signal.aborted ? 'aborted' : 'running';
  }

  @Tool()
  watchfulFails(@Ctx() ctx: ExecutionContext): string {
    if (!ctx.signal.aborted) throw new Error('failed while watching');
    return 'never';
  }

  @Tool()
  sized(@Elicit({ key: 'size', message: 'Size?', schema: Size }) size: Size): string {
    return size.size;
  }

  /** An interceptor in its chain: served by the SDK's per-request server. */
  @Tool()
  @UseInterceptors(passing)
  interceptedSized(@Elicit({ key: 'size', message: 'Size?', schema: Size }) size: Size): string {
    return size.size;
  }
}
const seen = new Set<AbortSignal>();
jest.mock('../../src/node/connection-signal', () => {
  const actual = jest.requireActual('../../src/node/connection-signal');
  return {
    connectionSignal: (socket: unknown) => {
      const signal = actual.connectionSignal(socket) as AbortSignal;
      seen.add(signal);
      return signal;
    },
  };
});

const META = envelopeOf('signal');

function call(url: URL, agent: Agent, id: number, tool: string, args: object): Promise<string> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: tool, arguments: args, _meta: META },
  });
  const headers = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': tool,
    'content-length': String(Buffer.byteLength(body)),
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers, agent }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => resolve(text))
        .on('error', reject);
    });
    req.on('error', reject).end(body);
  });
}

describe('one connection signal across many calls', () => {
  let app: TesseraApp;
  let listener: HttpListener;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    app = createApp({ name: 'signal', version: '1', providers: [MachineTools, SignalTools], logger: silentLogger });
    listener = await listen(app, { port: 0 });
  });
  afterAll(async () => {
    agent.destroy();
    await app.close();
  });

  test.each([
    ['a direct call whose handler reads its signal', 'watchful', {}],
    ['a direct call whose handler reads its signal and fails', 'watchfulFails', {}],
    ['an unknown tool (the SDK path)', 'nope', {}],
    ['a question asked behind an interceptor (the SDK path)', 'interceptedSized', {}],
  ])(
    '30 calls answered with %s leave no abort listener behind on the kept-alive connection',
    async (_kind, tool, args) => {
      seen.clear();
      for (let id = 1; id <= 30; id += 1) await call(listener.url, agent, id, tool, args);
      expect(seen.size).toBe(1); // one connection, one signal: the calls did go through the shared signal
      const [signal] = [...seen];
      expect(getEventListeners(signal!, 'abort')).toHaveLength(0); // no call in flight now
    },
  );

  test.each([
    ['a plain result', 'provision', { name: 'web1', region: 'eu' }],
    ['a tool error', 'refuse', {}],
    ['an invalid argument', 'provision', { name: 1 }],
    ['a question (a first leg)', 'sized', {}],
  ])(
    '30 direct calls answered with %s, none reading its signal, never make the connection signal',
    async (_kind, tool, args) => {
      seen.clear();
      for (let id = 1; id <= 30; id += 1) await call(listener.url, agent, id, tool, args);
      expect(seen.size).toBe(0);
    },
  );
});
