import { createApp } from '@tessera/core';
import { nodeHandler } from '@tessera/core/node';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { machinesModule } from '../shared/machines';

const tessera = createApp(machinesModule);

export function onExpress(): express.Express {
  const app = express();
  // #region express
  const mcp = nodeHandler(tessera);
  app.all('/mcp', (req, res) => mcp(req, res)); // before express.json(): Tessera reads the body
  app.use(express.json()); // after the token check, with its own limits
  // #endregion express
  return app;
}

export function onFastify(): ReturnType<typeof Fastify> {
  const fastify = Fastify();
  const mcp = nodeHandler(tessera);
  // #region fastify
  // in a plugin of its own, whose parser leaves the body unread for Tessera (after the token check)
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: '/mcp',
      handler: async (request, reply) => {
        reply.hijack(); // Tessera writes the JSON or SSE answer itself
        await mcp(request.raw, reply.raw);
      },
    });
  });
  fastify.addHook('onClose', () => tessera.close());
  // #endregion fastify
  return fastify;
}

export function onHono(): Hono {
  const hono = new Hono();
  // #region hono
  // on @hono/node-server, or any runtime with fetch
  hono.all('/mcp', async (c) =>
    c.req.raw.bodyUsed ? tessera.fetch(c.req.raw, { parsedBody: await c.req.json() }) : tessera.fetch(c.req.raw),
  );
  // #endregion hono
  return hono;
}
