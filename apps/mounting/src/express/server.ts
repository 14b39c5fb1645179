// An existing Express 5 application with its own routes and its own JSON body parser, and the Tessera app
// mounted at /mcp through the Node face: the body Express already parsed is handed over as is.
import express, { type Express } from 'express';
import type { TesseraApp } from '@tessera/core';
import { nodeHandler } from '@tessera/core/node';

export function createExpressServer(tessera: TesseraApp): Express {
  const app = express();
  // The host's parser runs first; its limit is the body limit at /mcp (Tessera's own applies to an unread body).
  app.use(express.json({ limit: '4mb' }));
  app.get('/api/health', (_req, res) => void res.json({ ok: true }));

  const mcp = nodeHandler(tessera);
  // GET (a listen stream), POST and DELETE; the Authorization header reaches the app's verifier untouched.
  app.all('/mcp', (req, res) => mcp(req, res, req.body));
  return app;
}
