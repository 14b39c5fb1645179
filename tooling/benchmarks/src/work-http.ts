/**
 * What one tools/call (or, with a fourth argument, a prompts/get, a resources/read or a template's read,
 * served by the Tessera kinds only) costs each server over HTTP, counted rather than timed: the server's JavaScript
 * function calls (exact) and bytes allocated (sampled) per request, for a fixed number of requests sent one
 * after the other. Independent of the machine's load, so it shows what a change to a request path saves
 * even when timings are noise.
 * The flow servers (`flow-raw`, `flow-tessera`) are counted per leg: leg 1 (asks, seals) and leg 2 (carries
 * the answer and the state, completes), each sent as is again and again, as the HTTP bench's leg loads.
 *   npm run build && node tooling/benchmarks/dist/work-http.js [kinds=raw,nest,tessera] [tools=10] [requests=200]
 *     [call=tools/call|prompts/get|resources/read|template]
 */
import type { ServerKind } from './http-server';
import { cannon } from './support/cannon';
import { groupOf } from './support/profile-summary';
import { ECHO_CALL } from './support/echo-servers';
import { READ_CALLS } from './support/reads.provider';
import { startServer } from './support/server-child';
import { legLoads } from './support/flow-legs';
import { envelopeBody, envelopeHeaders } from './support/wire';

async function main(): Promise<void> {
  const [kindsText = 'node,raw,nest,tessera', toolsText = '10', requestsText = '200', callText = 'tools/call'] =
    process.argv.slice(2);
  const requests = Number(requestsText);
  const call = callText === 'tools/call' ? ECHO_CALL : READ_CALLS[callText];
  if (!call) throw new Error(`unknown call ${callText}: tools/call, ${Object.keys(READ_CALLS).join(', ')}`);
  console.log(
    `\n## Work per ${callText} over HTTP (${toolsText} tools, ${requests} requests on one connection, counted in the server)\n`,
  );
  console.log('| Server | JS function calls per request | KB allocated per request | calls by group | KB by group |');
  console.log('|---|---:|---:|---|---|');
  for (const kind of kindsText.split(',') as ServerKind[]) {
    const server = await startServer(kind, Number(toolsText));
    try {
      const echo = { what: '', headers: envelopeHeaders(call), body: envelopeBody(call) };
      const loads = kind === 'flow-raw' || kind === 'flow-tessera' ? await legLoads(server.url) : [echo];
      for (const { what, headers, body } of loads) {
        const load = (amount: number) => cannon({ url: server.url, headers, body, connections: 1, amount });
        await load(200); // warm: lazy modules and caches
        await server.workStart();
        await load(requests);
        const { calls, bytes, callsByScript, bytesByScript } = await server.workStop();
        const byGroup = (byScript: Record<string, number>, scale: number, digits: number) => {
          const sums = new Map<string, number>();
          for (const [url, n] of Object.entries(byScript))
            sums.set(groupOf(url, ''), (sums.get(groupOf(url, '')) ?? 0) + n);
          return [...sums]
            .sort((a, b) => b[1] - a[1])
            .map(([g, n]) => `${g} ${(n / requests / scale).toFixed(digits)}`)
            .join(', ');
        };
        console.log(
          `| ${kind}${what && `: ${what}`} | ${(calls / requests).toFixed(0)} | ${(bytes / requests / 1024).toFixed(1)} | ${byGroup(callsByScript, 1, 0)} | ${byGroup(bytesByScript, 1024, 1)} |`,
        );
      }
    } finally {
      server.kill();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
