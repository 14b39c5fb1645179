// `npm run start:fastify -w @tessera/example-mounting`: Fastify on 127.0.0.1 (PORT, default 3000), MCP at /mcp.
import { createBookingsApp } from '../shared/bookings';
import { createFastifyServer } from './server';

async function main(): Promise<void> {
  const app = createFastifyServer(createBookingsApp());
  const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
  console.log(`Fastify serving MCP at ${address}/mcp`);
  // the onClose hook closes the Tessera app once Fastify has stopped
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      console.log(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
