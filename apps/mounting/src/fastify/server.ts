// An existing Fastify 5 application, and the Tessera app mounted at /mcp through the Node face: the route
// leaves the body unread for Tessera and lets it write the reply (`reply.hijack()`).
import Fastify, { type FastifyInstance } from 'fastify';
import type { TesseraApp } from '@tessera/core';
import { nodeHandler } from '@tessera/core/node';

export function createFastifyServer(tessera: TesseraApp, drainMs = 5000): FastifyInstance {
  const app = Fastify();
  app.get('/api/health', async () => ({ ok: true }));

  const mcp = nodeHandler(tessera);
  // In a plugin of its own, so the parser below holds for /mcp only: it leaves the body unread, and Tessera
  // reads it after the Host and token checks, with its own limits (an unauthenticated request is refused
  // before a byte of its body is read; Fastify's JSON parser would parse it whole first).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: '/mcp',
      handler: async (request, reply) => {
        reply.hijack(); // Tessera writes the answer (JSON, or an SSE stream) on the raw response
        await mcp(request.raw, reply.raw);
      },
    });
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
