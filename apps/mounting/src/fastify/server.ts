// An existing Fastify 5 application, and the Tessera app mounted at /mcp through the Node face: Fastify's
// own JSON parser reads the body, the route hands it over and lets Tessera write the reply (`reply.hijack()`).
import Fastify, { type FastifyInstance } from 'fastify';
import type { TesseraApp } from '@tessera/core';
import { nodeHandler } from '@tessera/core/node';

export function createFastifyServer(tessera: TesseraApp, drainMs = 5000): FastifyInstance {
  // bodyLimit: Fastify's parser reads the body, so its limit is the one that holds at /mcp
  const app = Fastify({ bodyLimit: 4 * 1024 * 1024 });
  app.get('/api/health', async () => ({ ok: true }));

  const mcp = nodeHandler(tessera);
  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/mcp',
    handler: async (request, reply) => {
      reply.hijack(); // Tessera writes the answer (JSON, or an SSE stream) on the raw response
      await mcp(request.raw, reply.raw, request.body);
    },
  });
  // fastify.close(): no new requests, those in flight finish; a stream still open after drainMs (a
  // subscriptions/listen stream waits for its client) is cut; then the Tessera app is closed
  let cut: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    cut = setTimeout(() => app.server.closeAllConnections(), drainMs);
  });
  app.addHook('onClose', async () => {
    clearTimeout(cut);
    await tessera.close();
  });
  return app;
}
