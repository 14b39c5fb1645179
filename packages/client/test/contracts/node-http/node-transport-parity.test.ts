import { IsIn } from 'class-validator';
import {
  createApp,
  Ctx,
  Elicit,
  Provider,
  silentLogger,
  Tool,
  type ExecutionContext,
  type TesseraApp,
} from '@tessera/core';
import { listen } from '@tessera/core/node';
import { CallAbortedError, CallTimeoutError, nodeHttpFetch, TesseraClient, type LegRetryEvent } from '../../../src';
import { FailingFront } from '../../fixtures/failing-front.fixture';

/*
 * The whole client over real HTTP with the opt-in leg transport over node:http (`fetch: nodeHttpFetch()`) and
 * with its default, undici's global fetch: flows, JSON-RPC errors, progress over SSE, balancer failures,
 * aborts and timeouts must come out the same. The node fetch's own parity, request by request, is
 * node-http-fetch.test.ts; the leg transport's requests on the wire, node-http-transport.test.ts.
 */

class Choice {
  @IsIn(['a', 'b'])
  pick!: string;
}

let release: () => void = () => undefined;
let hangEntered = false;

@Provider()
class Shop {
  @Tool()
  order(@Elicit({ key: 'choice', message: 'Which?', schema: Choice }) c: Choice): string {
    return `ordered ${c.pick}`;
  }

  @Tool()
  async slowly(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.progress(1, 3, 'one');
    await ctx.progress(2, 3, 'two');
    return 'done';
  }

  @Tool()
  async hangs(): Promise<string> {
    hangEntered = true;
    await new Promise<void>((resolve) => (release = resolve));
    return 'late';
  }

  @Tool()
  broken(): string {
    throw new Error('secret detail');
  }
}

let app: TesseraApp;
let url: string;
beforeAll(async () => {
  app = createApp({ name: 'shop', version: '1', providers: [Shop], logger: silentLogger });
  url = (await listen(app, { port: 0 })).url.href;
});
afterAll(async () => {
  release();
  await app.close();
});

const VARIANTS = [
  ['leg transport over node:http (nodeHttpFetch())', nodeHttpFetch()],
  ['undici (the default: no fetch passed)', undefined],
] as const;

async function client(fetchFn: (typeof VARIANTS)[number][1], to: string, retries: LegRetryEvent[] = []) {
  const c = new TesseraClient({
    elicitation: async () => ({ action: 'accept', content: { pick: 'b' } }),
    hooks: { onLegRetry: (e) => void retries.push(e) },
    sleep: async () => undefined,
  });
  await c.connect(
    fetchFn === undefined
      ? { url: to, headers: { authorization: 'Bearer t' } }
      : { url: to, fetch: fetchFn, headers: { authorization: 'Bearer t' } },
  );
  return c;
}

async function observe(fetchFn: (typeof VARIANTS)[number][1]) {
  const c = await client(fetchFn, url);
  try {
    const flow = await c.callTool({ name: 'order', arguments: {} });
    const progress: Array<[number, number | undefined, string | undefined]> = [];
    const slowly = await c.callTool(
      { name: 'slowly', arguments: {} },
      { onprogress: (p) => void progress.push([p.progress, p.total, p.message]) },
    );
    const unknown = await c.callTool({ name: 'nope', arguments: {} }).then(
      (r) => ({ result: r }),
      (e: Error) => ({ error: e.constructor.name, message: e.message, code: (e as { code?: unknown }).code }),
    );
    // The masked error's reference differs per call by design.
    const broken = JSON.parse(
      JSON.stringify(await c.callTool({ name: 'broken', arguments: {} })).replace(/ref [0-9a-f]+/g, 'ref #'),
    );
    return { flow, slowly, progress, unknown, broken };
  } finally {
    await c.close();
  }
}

test('flows, progress over SSE, unknown tools and failing tools come out the same', async () => {
  const [node, undici] = [await observe(VARIANTS[0][1]), await observe(VARIANTS[1][1])];
  expect(node.flow.content).toEqual([{ type: 'text', text: 'ordered b' }]);
  expect(node.progress).toEqual([
    [1, 3, 'one'],
    [2, 3, 'two'],
  ]);
  expect(node).toEqual(undici);
});

describe.each(VARIANTS)('%s', (_name, fetchFn) => {
  test('503 then 502 from a balancer: the first leg is retried, classified as with the other fetch', async () => {
    const front = new FailingFront(url);
    await front.start();
    const retries: LegRetryEvent[] = [];
    const c = await client(fetchFn, front.url, retries);
    try {
      front.failures.set(1, 503).set(2, 502); // the first two tools/call legs through this front
      const result = await c.callTool({ name: 'order', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'ordered b' }]);
      expect(retries.map((r) => [r.leg, r.failure.kind, r.failure.status])).toEqual([
        [1, 'no_upstream', 503],
        [1, 'bad_gateway', 502],
      ]);
    } finally {
      await c.close();
      await front.close();
    }
  });

  test('an abort while the leg waits on the server ends the call with CallAbortedError', async () => {
    const c = await client(fetchFn, url);
    try {
      const controller = new AbortController();
      hangEntered = false;
      const call = c.callTool({ name: 'hangs', arguments: {} }, { signal: controller.signal });
      while (!hangEntered) await new Promise((resolve) => setTimeout(resolve, 10));
      controller.abort();
      await expect(call).rejects.toBeInstanceOf(CallAbortedError);
    } finally {
      release();
      release = () => undefined;
      await c.close();
    }
  });

  test('a call past its timeoutMs while the leg waits on the server ends with CallTimeoutError', async () => {
    const c = await client(fetchFn, url);
    try {
      await expect(c.callTool({ name: 'hangs', arguments: {} }, { timeoutMs: 300 })).rejects.toBeInstanceOf(
        CallTimeoutError,
      );
    } finally {
      release();
      release = () => undefined;
      await c.close();
    }
  });
});
