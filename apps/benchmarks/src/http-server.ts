/**
 * A benchmark server child process (started by http.bench.ts with an IPC channel): listens on
 * 127.0.0.1 at a free port, reports its URL to the parent, and exits as soon as the parent goes away.
 *   node dist/http-server.js <tessera|tessera-node|raw> <tools>
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { rawLowLevelEcho, tesseraEcho } from './support/echo-servers';

async function main(): Promise<void> {
  const [kind, toolsText] = process.argv.slice(2);
  const tools = Number(toolsText ?? 10);
  if (!process.send) throw new Error('start me from http.bench.js (needs an IPC channel)');
  process.on('disconnect', () => process.exit(0)); // the parent ended: stop
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() }); // server CPU, sampled around each round
  });
  let url: string;
  if (kind === 'tessera') {
    const { app } = tesseraEcho(tools);
    url = (await app.listen({ port: 0 })).url.toString();
  } else if (kind === 'tessera-node') {
    // Tessera's fetch face on the raw wiring below (no path check, no Host/Origin check): isolates listen().
    const { app } = tesseraEcho(tools);
    const node = toNodeHandler({ fetch: app.fetch });
    const server = createServer((req, res) => void node(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  } else if (kind === 'raw') {
    // The raw SDK's documented Node wiring: createMcpHandler + toNodeHandler on node:http.
    const { handler } = rawLowLevelEcho(tools);
    const node = toNodeHandler(handler!);
    const server = createServer((req, res) => void node(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  } else {
    throw new Error(`unknown server kind ${kind}`);
  }
  process.send({ url });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
