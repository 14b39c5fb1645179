// An existing Express 5 application with its own routes and its own JSON body parser, and the Tessera app
// mounted at /mcp through the Node face.
import express, { type Express } from 'express';
import type { TesseraApp } from '@tessera/core';
import { nodeHandler } from '@tessera/core/node';

export function createExpressServer(tessera: TesseraApp): Express {
  const app = express();
  const mcp = nodeHandler(tessera);
  // GET (a listen stream), POST and DELETE, mounted before the JSON parser: Tessera reads the body itself,
  // after the Host and token checks and with its own limits, so an unauthenticated request is refused before
  // a byte of its body is read or parsed (behind express.json it would be parsed whole first).
  app.all('/mcp', (req, res) => mcp(req, res));
  app.use(express.json());
  app.get('/api/health', (_req, res) => void res.json({ ok: true }));
  return app;
}
