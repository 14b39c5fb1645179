// An existing Hono application (served on Node by @hono/node-server), and the Tessera app mounted at /mcp
// through its web-standard face, `fetch(Request)`: Hono's request and response are the web's own.
import { Hono } from 'hono';
import type { TesseraApp } from '@tessera/core';

export function createHonoApp(tessera: TesseraApp, audit: (line: string) => void = console.log): Hono {
  const app = new Hono();
  app.get('/api/health', (c) => c.json({ ok: true }));

  // A host middleware that reads the JSON body (an audit log here; a validator does the same) leaves the raw
  // request's body used: its parsed value is then handed over, as `parsedBody`, instead of being read again.
  app.use('/mcp', async (c, next) => {
    if (c.req.method === 'POST' && c.req.header('content-type')?.startsWith('application/json')) {
      const body = (await c.req.json().catch(() => undefined)) as { method?: unknown } | undefined;
      audit(`mcp ${String(body?.method)}`);
    }
    await next();
  });

  app.all('/mcp', async (c) => {
    const request = c.req.raw; // its headers (Authorization too) as the client sent them
    if (!request.bodyUsed) return tessera.fetch(request);
    return tessera.fetch(request, { parsedBody: await c.req.json() });
  });
  return app;
}
