import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { McpController, McpStrategy, StreamableHttpTransport, Tool } from '@rekog/mcp-nest';
import { z } from 'zod';

/**
 * MCP-Nest 2.0.5 as its README sets it up: one `@McpController` whose `@Tool`s take a zod `parameters`
 * schema and a `@Payload()`, served by `McpStrategy` + `StreamableHttpTransport` (stateless, dual era)
 * on NestJS's Express adapter. The same `echo` tool as the other servers, next to `toolCount - 1`
 * filler tools of the same shape (each with its own zod schema), declared with the same decorators at run time.
 */
function echoController(toolCount: number): new () => object {
  class EchoController {}
  const declare = (name: string, description: string) => {
    const method = function (this: unknown, args: { text: string }) {
      return { content: [{ type: 'text', text: args.text }] };
    };
    Object.defineProperty(EchoController.prototype, name, { value: method, writable: true, configurable: true });
    Reflect.defineMetadata('design:paramtypes', [Object], EchoController.prototype, name);
    Payload()(EchoController.prototype, name, 0);
    Tool({ name, description, parameters: z.object({ text: z.string().describe('Text to echo') }) })(
      EchoController.prototype,
      name,
      Object.getOwnPropertyDescriptor(EchoController.prototype, name)!,
    );
  };
  declare('echo', 'Echo the text');
  for (let i = 1; i < toolCount; i++) declare(`tool_${i}`, `Filler tool ${i}`);
  McpController()(EchoController);
  return EchoController;
}

/** Starts the Nest app on 127.0.0.1 at a free port; resolves with the MCP endpoint's URL. */
export async function startNestEcho(toolCount: number): Promise<{ url: string; app: INestApplication }> {
  const mcp = new McpStrategy({ name: 'nest-bench', version: '1.0.0', transports: [new StreamableHttpTransport()] });
  @Module({ controllers: [echoController(toolCount)] })
  class AppModule {}
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  mcp.setHttpAdapter(app.getHttpAdapter());
  app.connectMicroservice({ strategy: mcp });
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/mcp`, app };
}
