// `npm run start:express -w @tessera/example-mounting`: Express on 127.0.0.1 (PORT, default 3000), MCP at /mcp.
import { createBookingsApp } from '../shared/bookings';
import { serveUntilSignalled } from '../shared/serve-until-signalled';
import { createExpressServer } from './server';

const tessera = createBookingsApp();
const server = createExpressServer(tessera).listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () =>
  console.log(`Express serving MCP at http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`),
);
serveUntilSignalled(server, tessera);
