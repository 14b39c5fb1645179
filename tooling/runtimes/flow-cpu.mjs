// The server CPU of one plan_trip flow (three legs) on each runtime: the process group's CPU time across a
// round of flows sent one after another, divided by the flows. Rounds are interleaved between runtimes and
// the best one counts, as the machine is shared; the client's own CPU is not counted.
import { leg } from './flows.mjs';

const DATES = { dates: { action: 'accept', content: { when: 'this weekend' } } };
const CONFIRM = { confirm: { action: 'accept', content: { confirm: true } } };

async function oneFlow(url) {
  const first = await leg(url);
  const second = await leg(url, { requestState: first.requestState, inputResponses: DATES });
  const done = await leg(url, { requestState: second.requestState, inputResponses: CONFIRM });
  if (done.isError || done.requestState !== undefined) throw new Error(`${url}: the flow did not finish`);
}

/** [{ runtime, cpuMs, wallMs, byCommand }] per flow (byCommand: the CPU of each process name in the group), the best round of each runtime. */
export async function flowCpuTable(servers, flows, rounds) {
  const best = new Map();
  for (const server of servers) for (let i = 0; i < 5; i++) await oneFlow(server.url); // warm up
  for (let round = 0; round < rounds; round++) {
    for (const server of servers) {
      const cpuBefore = server.cpuMs();
      const started = performance.now();
      for (let i = 0; i < flows; i++) await oneFlow(server.url);
      const wallMs = (performance.now() - started) / flows;
      const cpuAfter = server.cpuMs();
      const cpuMs = (cpuAfter.total - cpuBefore.total) / flows;
      const byCommand = Object.fromEntries(
        Object.entries(cpuAfter.byCommand).map(([command, ms]) => [
          command,
          (ms - (cpuBefore.byCommand[command] ?? 0)) / flows,
        ]),
      );
      const previous = best.get(server.runtime);
      if (previous === undefined || cpuMs < previous.cpuMs)
        best.set(server.runtime, { runtime: server.runtime, cpuMs, wallMs, byCommand });
    }
  }
  return servers.map((server) => best.get(server.runtime));
}
