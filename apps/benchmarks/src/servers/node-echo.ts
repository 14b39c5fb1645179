import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The ceiling: plain `node:http` answering the same POST with a JSON-RPC result echoing the text, no
 * MCP at all (read the body, parse it, build and serialise the answer). What the machine's HTTP can do.
 */
export async function startNodeEcho(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let answer: string;
      try {
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        answer = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: message.params?.arguments?.text }] } });
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
