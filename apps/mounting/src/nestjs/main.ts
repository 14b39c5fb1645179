// `npm run start:nestjs -w @tessera/example-mounting`: NestJS (Express platform) on 127.0.0.1 (PORT, default 3000), MCP at /mcp.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';

async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: ['error', 'warn'] });
  // Nest's JSON parser reads /mcp's body too: its limit (100 kB by default) is the body limit there
  app.useBodyParser('json', { limit: '4mb' });
  app.enableShutdownHooks(); // SIGTERM/SIGINT: the server stops, then TesseraModule closes the app
  await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
  console.log(`NestJS serving MCP at ${await app.getUrl()}/mcp`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
