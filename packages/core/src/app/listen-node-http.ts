import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Logger } from '../logging/logger';
import type { HttpListener, ListenOptions } from './tessera-app';

/**
 * Serves a web-standard `fetch` face on Node HTTP at one path (404 elsewhere), on 127.0.0.1 unless told
 * otherwise: exposing a server beyond this machine is a deliberate choice.
 */
export async function listenNodeHttp(fetch: (request: Request) => Promise<Response>, options: ListenOptions, logger: Logger): Promise<HttpListener> {
  const path = options.path ?? '/mcp';
  const node = toNodeHandler({ fetch });
  const server: HttpServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}`);
      return;
    }
    node(req, res).catch((error) => {
      logger.error('http handler failed', { error });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: new URL(`http://${host}:${address.port}${path}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
