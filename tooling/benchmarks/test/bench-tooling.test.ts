import { startNodeEcho } from '../src/servers/node-echo';
import { httpBenchConfig, spread } from '../src/support/http-config';
import { READ_CALLS } from '../src/support/reads.provider';
import { restingMemory } from '../src/support/resting-memory';
import { tesseraEcho } from '../src/support/tessera-echo';
import { callOnce } from '../src/support/wire';
import { groupOf, groupTotals, selfTimes, type CpuProfile } from '../src/support/profile-summary';

describe('HTTP bench settings', () => {
  it('has a full mode and a quick smoke mode, each overridable', () => {
    expect(httpBenchConfig({})).toMatchObject({
      rounds: 5,
      seconds: 3,
      connections: 50,
      tools: [10, 1000],
      openFlows: 10_000,
      busyMicros: 50,
    });
    expect(httpBenchConfig({}).kinds).toEqual([
      'node',
      'node-busy',
      'raw',
      'nest',
      'tessera',
      'tessera-intercepted',
      'tessera-sdk',
      'tessera-plain',
      'tessera-no-validation',
      'flow-raw',
      'flow-tessera',
    ]);
    expect(httpBenchConfig({}).parts).toEqual(['cold', 'calls', 'open', 'flows']);
    expect([httpBenchConfig({}).reads, httpBenchConfig({ BENCH_HTTP_READS: '1' }).reads]).toEqual([false, true]);
    expect(httpBenchConfig({ BENCH_HTTP_BUSY_US: '80' }).busyMicros).toBe(80);
    expect(httpBenchConfig({ BENCH_QUICK: '1' })).toMatchObject({ rounds: 2, seconds: 1, openFlows: 1_000 });
    expect(
      httpBenchConfig({ BENCH_QUICK: '1', BENCH_HTTP_ROUNDS: '7', BENCH_HTTP_KINDS: 'raw, tessera' }),
    ).toMatchObject({ rounds: 7, kinds: ['raw', 'tessera'] });
  });

  it('refuses a setting that is not a positive number, naming it', () => {
    expect(() => httpBenchConfig({ BENCH_HTTP_SECONDS: 'soon' })).toThrow(
      'BENCH_HTTP_SECONDS must be a positive number, got "soon"',
    );
    expect(() => httpBenchConfig({ BENCH_HTTP_ROUNDS: '0' })).toThrow('BENCH_HTTP_ROUNDS');
  });

  it('summarises a series as median, min and max', () => {
    expect(spread([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
    expect(spread([4, 1, 2, 3])).toEqual({ median: 2.5, min: 1, max: 4 });
  });
});

describe('memory at rest', () => {
  it('takes a GC and a reading each interval and keeps the lowest RSS, with the heap of the last GC', async () => {
    const readings = [
      { rss: 99, heapUsed: 30 },
      { rss: 77, heapUsed: 21 },
      { rss: 80, heapUsed: 22 },
    ];
    const asked: boolean[] = [];
    const server = { memory: async (gc: boolean) => (asked.push(gc), readings[asked.length - 1]!) };
    expect(await restingMemory(server, 3, 1)).toEqual({ rss: 77, heapUsed: 22 });
    expect(asked).toEqual([true, true, true]);
  });
});

describe('the plain node:http echoes', () => {
  const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hello' } } };
  const answerOf = async (url: string) => {
    const started = process.hrtime.bigint();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    return { body: await response.json(), ms: Number(process.hrtime.bigint() - started) / 1e6 };
  };

  it('answers the call with its text; the yardstick spins its µs on every request before answering the same', async () => {
    const plain = await startNodeEcho();
    const busy = await startNodeEcho(30_000);
    try {
      const expected = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'hello' }] } };
      expect((await answerOf(plain.url)).body).toEqual(expected);
      for (let i = 0; i < 2; i++) {
        const { body, ms } = await answerOf(busy.url);
        expect(body).toEqual(expected);
        expect(ms).toBeGreaterThanOrEqual(30);
      }
    } finally {
      for (const { server } of [plain, busy]) {
        server.close();
        server.closeAllConnections();
      }
    }
  });
});

describe("the bench's Tessera app", () => {
  it('answers each read work-http.js and BENCH_HTTP_READS send with a complete result', async () => {
    const { app } = tesseraEcho(10);
    try {
      const texts: unknown[] = [];
      for (const call of Object.values(READ_CALLS)) {
        const answer = await callOnce(app.fetch, call);
        expect(answer).toMatchObject({ result: { resultType: 'complete' } });
        const { messages, contents } = answer.result as { messages?: any[]; contents?: any[] };
        texts.push(messages?.[0].content.text ?? contents?.[0].text);
      }
      expect(texts).toEqual(['Write a brief on bees', '{"ok":true}', 'note n-1']);
    } finally {
      await app.close();
    }
  });
});

describe('CPU profile summary', () => {
  it('puts each function in the group of its script', () => {
    expect(groupOf('node:_http_outgoing', 'write_')).toBe('HTTP: node');
    expect(groupOf('', 'writev')).toBe('HTTP: node');
    expect(groupOf('file:///x/node_modules/@modelcontextprotocol/node/dist/index.cjs', 'toWebRequest')).toBe(
      'HTTP: web Request/Response',
    );
    expect(groupOf('file:///x/node_modules/@modelcontextprotocol/server/dist/index.cjs', 'serveModern')).toBe('SDK');
    expect(groupOf('file:///x/node_modules/zod/v4/core/schemas.cjs', 'parse')).toBe('validation');
    expect(groupOf('file:///x/packages/core/dist/server/serve-call.js', 'serveCall')).toBe('Tessera pipeline');
    expect(groupOf('node:internal/crypto/cipher', 'update')).toBe('crypto');
    expect(groupOf('', '(garbage collector)')).toBe('GC');
  });

  it('sums self time per function from the samples, idle left out', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
        {
          id: 2,
          callFrame: {
            functionName: 'serveCall',
            url: 'file:///repo/packages/core/dist/server/serve-call.js',
            lineNumber: 9,
          },
        },
        { id: 3, callFrame: { functionName: '(garbage collector)', url: '', lineNumber: -1 } },
      ],
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [500, 10, 20, 5, 500],
    };
    const entries = selfTimes(profile);
    expect(entries).toEqual([
      { name: 'serveCall packages/core/dist/server/serve-call.js:10', group: 'Tessera pipeline', us: 30 },
      { name: '(garbage collector) ', group: 'GC', us: 5 },
    ]);
    expect(groupTotals(entries)).toEqual([
      { group: 'Tessera pipeline', us: 30 },
      { group: 'GC', us: 5 },
    ]);
  });
});
