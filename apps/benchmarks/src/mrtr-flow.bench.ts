/**
 * A multi-round flow in process: `provision({ name })` asks one `@Elicit` question; the client retries
 * with the answer and the sealed `requestState`. Tessera (`@Elicit`, default AES-256-GCM sealing) against
 * the same flow hand-written on the raw SDK low-level Server with the SDK's `createRequestStateCodec`
 * (HMAC) as its `requestState.verify`. Three measurements per server, interleaved:
 *   - the whole flow: leg 1 (pre-built request) -> read the state -> build and send leg 2 -> check;
 *     the client-side work (parsing leg 1's answer, building leg 2) is the same for both servers;
 *   - leg 1 alone (ask + seal) and leg 2 alone (open + validate + run), both from pre-built requests
 *     (leg 2 replays one state, which both servers accept within its TTL).
 *
 *   npm run build && node apps/benchmarks/dist/mrtr-flow.bench.js
 */
import { firstLeg, FLOW_RESULT, rawFlowServer, secondLeg, tesseraFlowServer, type FlowServer } from './support/flow-servers';
import { envOptions, fmtRate, fmtUs, header, measure, type Measured, type Variant } from './support/measure';
import { buildRequest, expectText, parseAnswer, prepared } from './support/wire';

async function leg1State(server: FlowServer, request: Request): Promise<string> {
  const answer = parseAnswer(await (await server.fetch(request)).text());
  const result = answer.result as { resultType?: string; requestState?: unknown; inputRequests?: Record<string, unknown> } | undefined;
  if (result?.resultType !== 'input_required' || typeof result.requestState !== 'string' || !result.inputRequests?.region) {
    throw new Error(`${server.name}: leg 1 did not ask for the region: ${JSON.stringify(answer).slice(0, 400)}`);
  }
  return result.requestState;
}

function variants(server: FlowServer, state: string): Variant<Request[]>[] {
  const leg1 = prepared(firstLeg);
  const leg2 = prepared(secondLeg(state));
  const drain = async (request: Request) => {
    const response = await server.fetch(request);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${server.name}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return text;
  };
  return [
    {
      name: `${server.name} | flow`,
      prepare: (n) => leg1.requests(n),
      run: async (batch) => {
        for (const request of batch) {
          const state = await leg1State(server, request);
          const text = await drain(buildRequest(secondLeg(state), undefined, 2));
          if (!text.includes(FLOW_RESULT)) throw new Error(`${server.name}: leg 2 did not complete: ${text.slice(0, 300)}`);
        }
      },
    },
    { name: `${server.name} | leg 1`, prepare: (n) => leg1.requests(n), run: (batch) => each(batch, drain) },
    { name: `${server.name} | leg 2`, prepare: (n) => leg2.requests(n), run: (batch) => each(batch, drain) },
  ];
}

async function each(batch: Request[], fn: (r: Request) => Promise<unknown>): Promise<void> {
  for (const request of batch) await fn(request);
}

async function main(): Promise<void> {
  const options = envOptions({ rounds: 25, sliceMs: 120, warmupMs: 700 });
  const started = Date.now();
  const servers = [rawFlowServer(), tesseraFlowServer()];
  const all: Variant<Request[]>[] = [];
  for (const server of servers) {
    const state = await leg1State(server, buildRequest(firstLeg));
    expectText(parseAnswer(await (await server.fetch(buildRequest(secondLeg(state), undefined, 2))).text()), FLOW_RESULT, server.name);
    all.push(...variants(server, state));
  }
  const results = await measure(all, options);
  const at = (server: FlowServer, what: string): Measured => results.find((r) => r.name === `${server.name} | ${what}`)!;

  header(
    'A multi-round flow (one @Elicit question, two legs), in process',
    `${options.rounds} rounds alternating order, ~${options.sliceMs} ms per variant per round, sequential; median [min-max] over rounds`,
  );
  console.log('| Server | What | wall µs | per second (wall) | CPU µs |');
  console.log('|---|---|---:|---:|---:|');
  for (const server of servers) {
    for (const what of ['flow', 'leg 1', 'leg 2']) {
      const m = at(server, what);
      console.log(`| ${server.name} | ${what === 'flow' ? 'completed flow (2 legs)' : what === 'leg 1' ? 'leg 1: ask + seal' : 'leg 2: open + answer + run'} | ${fmtUs(m.us)} [${fmtUs(m.min)}-${fmtUs(m.max)}] | ${fmtRate(m.us)} | ${fmtUs(m.cpu)} [${fmtUs(m.cpuMin)}-${fmtUs(m.cpuMax)}] |`);
    }
  }
  const [raw, tessera] = servers as [FlowServer, FlowServer];
  console.log('\nTessera ÷ raw SDK, time (1.00 = same), wall / CPU:\n');
  console.log('| | completed flow | leg 1 | leg 2 |');
  console.log('|---|---:|---:|---:|');
  const r = (what: string) => `${(at(tessera, what).us / at(raw, what).us).toFixed(2)} / ${(at(tessera, what).cpu / at(raw, what).cpu).toFixed(2)}`;
  console.log(`| Tessera ÷ raw SDK | ${r('flow')} | ${r('leg 1')} | ${r('leg 2')} |`);
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const server of servers) await server.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
