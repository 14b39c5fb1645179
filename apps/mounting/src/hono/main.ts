// `npm run start:hono -w @tessera/example-mounting`: Hono on @hono/node-server, 127.0.0.1 (PORT, default 3000), MCP at /mcp.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createBookingsApp } from '../shared/bookings';
import { serveUntilSignalled } from '../shared/serve-until-signalled';
import { createHonoApp } from './server';

const tessera = createBookingsApp();
const server = serve(
  { fetch: createHonoApp(tessera).fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' },
  (info) => console.log(`Hono serving MCP at http://127.0.0.1:${info.port}/mcp`),
);
serveUntilSignalled(server as Server, tessera); // @hono/node-server serves on node:http
