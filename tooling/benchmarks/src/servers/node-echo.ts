import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The ceiling: plain `node:http` answering the same POST with a JSON-RPC result echoing the text, no
 * MCP at all (read the body, parse it, build and serialise the answer). What the machine's HTTP can do.
 * With `busyMicros`, the same echo first spins that long on the CPU for every request: the yardstick that
 * shows, in the same run, what share of the bare echo a server doing a known amount of work can reach.
 */
export async function startNodeEcho(busyMicros = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (busyMicros > 0) spin(busyMicros);
      let answer: string;
      try {
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        answer = JSON.stringify({
          jsonrpc: '2.0',
          id: message.id,
          result: { content: [{ type: 'text', text: message.params?.arguments?.text }] },
        });
      } catch {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

/** Keeps the CPU busy for `micros` µs (what any server's own work per request does to the event loop). */
function spin(micros: number): void {
  const until = process.hrtime.bigint() + BigInt(Math.round(micros * 1000));
  while (process.hrtime.bigint() < until);
}
