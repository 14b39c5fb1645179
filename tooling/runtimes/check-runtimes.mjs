// npm run check:runtimes: the example app (apps/runtimes, compiled by tsc) served on Node, Bun, Deno
// and workerd (wrangler dev, local), each on a free loopback port; TesseraClient runs the three-leg
// @Elicit flow against each, and an altered state is refused on each; every ordered pair of runtimes runs
// the flow with its legs split between them (a requestState sealed on one opens on the other, and back);
// Bun and Deno also build the app from its TypeScript sources; then the server CPU of a flow on each
// runtime, measured in the same run. Every server is stopped whatever happens.
//   node tooling/runtimes/check-runtimes.mjs [--flows N] [--rounds N]   (more flows for the bench table)
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { freshTempDir, run, ROOT, step } from '../check-packages/support.mjs';
import { clientFlow, crossFlow, refusedState } from './flows.mjs';
import { installRuntimes, RUNTIME_VERSIONS } from './install-runtimes.mjs';
import { EXAMPLE, startRuntime } from './runtime-server.mjs';
import { flowCpuTable } from './flow-cpu.mjs';

const { values } = parseArgs({
  options: { flows: { type: 'string', default: '40' }, rounds: { type: 'string', default: '3' } },
});
const RUNTIMES = ['node', 'bun', 'deno', 'workerd'];
// two keys, as a deployment rotating them has: every runtime seals with the first and opens with both
const KEYS = ['runtimes-check-key-one-'.padEnd(40, '1'), 'runtimes-check-key-two-'.padEnd(40, '2')];

// each server runs in a process group of its own, ended on this process's exit: a signal exits too
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

async function main() {
  const commands = installRuntimes();
  if (process.env.CHECK_SKIP_BUILD !== '1') {
    step('build the client, the testing helpers and the example (tsc -b)');
    run('npx', ['tsc', '-b', 'packages/client', 'packages/testing', 'apps/runtimes'], { cwd: ROOT });
  }
  // Bun and Deno transpile TypeScript themselves, honouring tsconfig's emitDecoratorMetadata: createApp,
  // which refuses a class without the metadata it reads, builds the app from the sources on each
  const fromSources = `import { createTripApp, runtimeName } from './src/trip.ts';
    createTripApp(['${KEYS[0]}']); console.log('built from the TypeScript sources on ' + runtimeName());`;
  for (const [runtime, args] of [
    ['bun', ['-e', fromSources]],
    ['deno', ['eval', '--ext=ts', fromSources]],
  ])
    step(run(commands[runtime], args, { cwd: EXAMPLE, capture: true, timeoutMs: 120_000 }).trim());
  const work = freshTempDir('tessera-runtimes-check-');
  const servers = [];
  try {
    // one at a time: on a loaded machine, four cold starts at once only slow each other down
    for (const runtime of RUNTIMES) servers.push(await startRuntime(runtime, commands, KEYS, work));

    for (const server of servers) {
      await clientFlow(server.url, server.runtime);
      step(`${server.runtime}: TesseraClient ran plan_trip's three legs (two questions, one booking)`);
      await refusedState(server);
      step(`${server.runtime}: a state altered in transit is refused (-32602) and logged`);
    }
    for (const first of servers)
      for (const second of servers) {
        if (first === second) continue;
        await crossFlow(first, second);
      }
    step(`every ordered pair of ${RUNTIMES.join(', ')}: a state sealed on one opened on the other, and back`);

    const flows = Number(values.flows);
    const rounds = Number(values.rounds);
    step(`server CPU of plan_trip's three legs, ${flows} flows a round, best of ${rounds} interleaved rounds`);
    const rows = await flowCpuTable(servers, flows, rounds);
    const versions = {
      node: process.version.slice(1),
      ...RUNTIME_VERSIONS,
      workerd: `wrangler ${RUNTIME_VERSIONS.wrangler}`,
    };
    console.log('| Runtime | server CPU per flow | per leg | wall per flow | CPU by process |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of rows) {
      const parts = Object.entries(row.byCommand)
        .filter(([, ms]) => ms > 0)
        .map(([command, ms]) => `${command} ${ms.toFixed(2)}`)
        .join(', ');
      console.log(
        `| ${row.runtime} ${versions[row.runtime]} | ${row.cpuMs.toFixed(2)} ms | ${(row.cpuMs / 3).toFixed(2)} ms | ${row.wallMs.toFixed(2)} ms | ${parts} |`,
      );
    }
    step('runtimes check passed');
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
