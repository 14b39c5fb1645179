/**
 * Profiles one server under HTTP load: starts it in a child process, warms it up, then records V8's CPU
 * profile (the inspector's Profiler, what `node --cpu-prof` uses) while loading it (tools/call of `echo`
 * with autocannon, or full flows from a flow client for `flow-*` kinds), then prints CPU per request by group (HTTP, SDK, Tessera pipeline,
 * validation, crypto, ...) and the top functions by self time.
 *   npm run build && node tooling/benchmarks/dist/profile-http.js [kind=tessera] [tools=10] [seconds=10]
 *   BENCH_PROFILE_TOP (default 25), BENCH_HTTP_CONNECTIONS (50), BENCH_PROFILE_KEEP=<file> keeps the
 *   .cpuprofile (open it in Chrome DevTools)
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerKind } from './http-server';
import { cannon } from './support/cannon';
import { ECHO_CALL } from './support/echo-servers';
import { groupTotals, selfTimes, type CpuProfile } from './support/profile-summary';
import { startServer } from './support/server-child';
import { envelopeBody, envelopeHeaders } from './support/wire';

/** A flow client child for `flow-*` servers: `run(seconds)` resolves with the number of completed flows. */
async function flowClient(kind: string, url: string): Promise<{ run(seconds: number): Promise<number>; kill(): void }> {
  const child = fork(join(__dirname, 'flow-client.js'), [kind === 'flow-raw' ? 'sdk' : 'tessera', url, '16'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () => new Promise<any>((resolve) => child.once('message', resolve));
  await next();
  return {
    run: async (seconds) => {
      child.send({ cmd: 'run', seconds });
      const { flows, error } = await next();
      if (error) throw new Error(error);
      return flows;
    },
    kill: () => child.kill(),
  };
}

async function main(): Promise<void> {
  const [kind = 'tessera', toolsText = '10', secondsText = '10'] = process.argv.slice(2);
  const seconds = Number(secondsText);
  const top = Number(process.env.BENCH_PROFILE_TOP ?? 25);
  const dir = mkdtempSync(join(tmpdir(), 'tessera-prof-'));
  const file = process.env.BENCH_PROFILE_KEEP ?? join(dir, 'server.cpuprofile');
  const server = await startServer(kind as ServerKind, Number(toolsText));
  const client = kind.startsWith('flow-') ? await flowClient(kind, server.url) : undefined;
  const unit = client ? 'flow' : 'request';
  try {
    const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
    const load = async (s: number) =>
      client
        ? client.run(s)
        : (
            await cannon({
              url: server.url,
              headers: envelopeHeaders(ECHO_CALL),
              body: envelopeBody(ECHO_CALL),
              connections,
              seconds: s,
            })
          ).requests;
    await load(Math.min(5, seconds)); // warm-up: JIT, lazy modules
    await server.profileStart();
    const requests = await load(seconds);
    await server.profileStop(file);
    const entries = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
    const busy = entries.reduce((sum, e) => sum + e.us, 0);
    console.log(`\n## CPU profile: ${kind}, ${toolsText} tools, ${seconds} s, ${requests} ${unit}s after a warm-up\n`);
    console.log(`Busy CPU (not idle) per ${unit}: ${(busy / requests).toFixed(0)} µs\n`);
    console.log(`| Group | µs per ${unit} | share |`);
    console.log('|---|---:|---:|');
    for (const g of groupTotals(entries))
      console.log(`| ${g.group} | ${(g.us / requests).toFixed(1)} | ${((100 * g.us) / busy).toFixed(1)} % |`);
    console.log(`\nTop ${top} functions by self time:\n`);
    console.log(`| Function | Group | µs per ${unit} | share |`);
    console.log('|---|---|---:|---:|');
    for (const e of entries.slice(0, top))
      console.log(
        `| \`${e.name}\` | ${e.group} | ${(e.us / requests).toFixed(1)} | ${((100 * e.us) / busy).toFixed(1)} % |`,
      );
  } finally {
    client?.kill();
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
