import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { cannon } from './support/cannon';
import { firstLeg } from './support/flow-servers';
import { fmtSpread, mb, spread, type HttpBenchConfig } from './support/http-config';
import { acceleratorGain, verdictLine } from './support/accelerator-verdict';
import { recordSections, type ResultRow } from './support/results-file';
import { restingMemory } from './support/resting-memory';
import { startServer, type ServerChild } from './support/server-child';
import { envelopeBody, envelopeHeaders, parseAnswer } from './support/wire';

/**
 * Parts 2 and 3 of the HTTP bench, on the one-question flow (`provision` asks for a region):
 *  - open flows: `openFlows` first rounds sent and never finished, then the server's RSS after GC against
 *    its idle RSS (a stateless server keeps nothing per open flow);
 *  - flows per second: Tessera client + Tessera server against the SDK client + the SDK server with its
 *    HMAC requestState codec, each client in its own process, slices interleaved.
 */
const PAIRS = [
  { id: 'sdk', server: 'flow-raw', label: 'SDK Client + low-level Server, createRequestStateCodec (HMAC)' },
  { id: 'tessera', server: 'flow-tessera', label: 'TesseraClient on nodeHttpFetch() + Tessera @Elicit (AES-256-GCM)' },
  // The same pair with the client on its default, undici's fetch, to show what the opt-in sender saves.
  { id: 'tessera-undici', server: 'flow-tessera', label: 'TesseraClient on undici fetch (default) + Tessera @Elicit' },
  // And with the server's accelerators off too: the flow with no accelerator anywhere.
  {
    id: 'tessera-plain',
    server: 'flow-tessera-plain',
    label: 'TesseraClient on undici fetch (default) + Tessera @Elicit, TESSERA_ACCELERATORS=off',
  },
] as const;

/** Each accelerator a flow goes through, on and off (pair ids), for the verdicts. */
const FLOW_ACCELERATORS = [
  { name: 'client: the node:http sender (nodeHttpFetch())', on: 'tessera', off: 'tessera-undici' },
  { name: 'core: every accelerator (TESSERA_ACCELERATORS=off)', on: 'tessera-undici', off: 'tessera-plain' },
] as const;

interface FlowClient {
  run(seconds: number): Promise<{ flows: number; seconds: number; clientCpu: number }>;
  kill(): void;
}

function startClient(kind: string, url: string, concurrency: number): Promise<FlowClient> {
  // every client with its accelerators on, whatever the shell says: the pairs name what is off
  const { TESSERA_ACCELERATORS: _inherited, ...env } = process.env;
  const child: ChildProcess = fork(join(__dirname, 'flow-client.js'), [kind, url, String(concurrency)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
  });
  const next = () =>
    new Promise<any>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${kind} flow client exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: { error?: string }) => {
        child.off('exit', onExit);
        if (message.error) reject(new Error(`${kind} flow client: ${message.error}`));
        else resolve(message);
      });
    });
  return next().then(() => ({
    run: (seconds) => {
      const answer = next();
      child.send({ cmd: 'run', seconds });
      return answer;
    },
    kill: () => {
      if (child.exitCode === null) child.kill();
    },
  }));
}

const FIXED_YOUNG_GENERATION = ['--min-semi-space-size=1', '--max-semi-space-size=1'];

export async function openFlowsPart(config: HttpBenchConfig): Promise<void> {
  const servers: ServerChild[] = [];
  try {
    const rows: string[] = [];
    // Memory is the server's: the undici-client pair runs the same server as the tessera one.
    for (const pair of PAIRS.filter((p) => p.id === 'sdk' || p.id === 'tessera')) {
      // a young generation of fixed size in both servers: a burst of requests grows it (up to 32 MB, given
      // back only when V8's memory reducer gets to it), which moved RSS more than any flow did
      const server = await startServer(pair.server, 1, FIXED_YOUNG_GENERATION);
      servers.push(server);
      const headers = envelopeHeaders(firstLeg);
      const body = envelopeBody(firstLeg);
      const answer = parseAnswer(await (await fetch(server.url, { method: 'POST', headers, body })).text());
      if (answer.result?.resultType !== 'input_required' || typeof answer.result.requestState !== 'string') {
        throw new Error(`${pair.label}: round one did not ask (${JSON.stringify(answer).slice(0, 300)})`);
      }
      const fresh = await server.memory(true);
      // Idle means warmed up with nothing in flight: JIT code and the heap's working size are not per flow.
      const warmup = Math.max(1_000, Math.round(config.openFlows / 5));
      await cannon({ url: server.url, headers, body, connections: config.connections, amount: warmup });
      // both readings the same way, after the same rest (restingMemory)
      const idle = await restingMemory(server, config.settleSeconds);
      const load = await cannon({
        url: server.url,
        headers,
        body,
        connections: config.connections,
        amount: config.openFlows,
      });
      const open = await restingMemory(server, config.settleSeconds);
      rows.push(
        `| ${pair.label} | ${mb(fresh.rss)} | ${mb(idle.rss)} | ${load.requests} | ${mb(open.rss)} | ${(open.rss / idle.rss).toFixed(3)} | ${mb(idle.heapUsed)} → ${mb(open.heapUsed)} |`,
      );
    }
    console.log(
      `\n## Flows left open at round one (${config.openFlows} first rounds, never answered), server memory after GC\n`,
    );
    console.log(
      `Both servers with a young generation of fixed size (1 MB semi-spaces). Idle: after start and a warm-up of first rounds; open: after the flows were opened; each the lowest RSS over ${config.settleSeconds} s at rest, with a full GC every second; heap used after the last GC.\n`,
    );
    console.log(
      '| Server | RSS MB at start | idle RSS MB | flows opened | RSS MB with the flows open | open ÷ idle | heap used MB, idle → open |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
  } finally {
    for (const server of servers) server.kill();
  }
}

export async function flowsPart(config: HttpBenchConfig): Promise<void> {
  const servers: ServerChild[] = [];
  const clients: FlowClient[] = [];
  try {
    for (const pair of PAIRS) {
      const server = await startServer(pair.server, 1);
      servers.push(server);
      const client = await startClient(pair.id, server.url, config.flowConcurrency);
      clients.push(client);
      await client.run(config.warmupSeconds);
    }
    const results = PAIRS.map(() => [] as Array<{ perSecond: number; serverCpu: number; clientCpu: number }>);
    for (let round = 0; round < config.rounds; round++) {
      const order = PAIRS.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const before = await servers[i]!.cpu();
        const run = await clients[i]!.run(config.seconds);
        const after = await servers[i]!.cpu();
        results[i]!.push({
          perSecond: run.flows / run.seconds,
          serverCpu: (after - before) / run.flows,
          clientCpu: run.clientCpu / run.flows,
        });
      }
    }
    console.log('\n## Two-round flows per second over HTTP (client and server each in a process of their own)\n');
    console.log(
      `${config.flowConcurrency} flows in flight per client; ${config.rounds} interleaved rounds of ${config.seconds} s; median [min-max] over rounds\n`,
    );
    console.log('| Client + server | flows/s | ÷ the SDK pair (per round) | server CPU µs/flow | client CPU µs/flow |');
    console.log('|---|---:|---:|---:|---:|');
    PAIRS.forEach((pair, i) => {
      const r = results[i]!;
      const vsSdk =
        i === 0 ? '-' : fmtSpread(spread(r.map((x, round) => x.perSecond / results[0]![round]!.perSecond)), 2);
      console.log(
        `| ${pair.label} | ${fmtSpread(spread(r.map((x) => x.perSecond)))} | ${vsSdk} | ${fmtSpread(spread(r.map((x) => x.serverCpu)))} | ${fmtSpread(spread(r.map((x) => x.clientCpu)))} |`,
      );
    });
    const ratio = spread(results[1]!.map((x, r) => x.perSecond / results[0]![r]!.perSecond));
    console.log(`\nTessera ÷ SDK flows/s, per round: ${fmtSpread(ratio, 2)}`);
    const clientCpu = spread(results[1]!.map((x, r) => x.clientCpu / results[2]![r]!.clientCpu));
    console.log(`TesseraClient CPU per flow, node:http ÷ undici fetch, per round: ${fmtSpread(clientCpu, 2)}`);
    const resultsOf = (id: string) => results[PAIRS.findIndex((pair) => pair.id === id)]!;
    console.log('\nVerdicts (flows/s, the same rounds; README, accelerators on and off):\n');
    const gains: ResultRow[] = [];
    for (const { name, on, off } of FLOW_ACCELERATORS) {
      const evidence = {
        where: `${config.flowConcurrency} flows in flight`,
        on: resultsOf(on).map((x) => x.perSecond),
        off: resultsOf(off).map((x) => x.perSecond),
        better: 'higher' as const,
      };
      const { gain } = acceleratorGain(evidence);
      gains.push({ series: name, group: 'flows/s', value: gain.median, min: gain.min, max: gain.max });
      console.log(verdictLine(name, 'flows/s', [evidence]));
    }
    recordSections({
      'accelerators-flows': {
        title: 'Two-round flows over HTTP: what each accelerator gains (on ÷ off, same rounds)',
        metric: 'gain with the accelerator on (1 = none)',
        better: 'higher',
        rows: gains,
      },
      'http-flows': {
        title: 'Two-round flows per second over HTTP (client and server each in a process)',
        metric: 'flows per second',
        better: 'higher',
        rows: PAIRS.map((pair, i) => {
          const s = spread(results[i]!.map((x) => x.perSecond));
          return {
            series: pair.label,
            group: `${config.flowConcurrency} flows in flight`,
            value: s.median,
            min: s.min,
            max: s.max,
          };
        }),
      },
    });
  } finally {
    for (const client of clients) client.kill();
    for (const server of servers) server.kill();
  }
}
