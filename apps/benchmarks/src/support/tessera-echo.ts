import 'reflect-metadata';
import { IsString } from 'class-validator';
import { Args, createApp, Field, Provider, Tool, type TesseraApp } from '@tessera/core';
import { fillerName, type EchoServer } from './echo-servers';

/** Tessera's side of echo-servers.ts: the same `echo` tool and fillers, as decorated providers. */
export class EchoArgs {
  @Field({ description: 'Text to echo' })
  @IsString()
  text!: string;
}

@Provider()
class EchoTools {
  @Tool({ description: 'Echo the text' })
  echo(@Args() args: EchoArgs): string {
    return args.text;
  }
}

/** A provider class with `count` decorated tools `tool_<from>..`, built at run time with the same decorators. */
function fillerProvider(from: number, count: number): new () => object {
  class Filler {}
  Object.defineProperty(Filler, 'name', { value: `Filler${count}` });
  for (let i = from; i < from + count; i++) {
    const name = fillerName(i);
    const method = function (this: unknown, args: EchoArgs): string {
      return args.text;
    };
    Object.defineProperty(Filler.prototype, name, { value: method, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(Filler.prototype, name)!;
    Args(() => EchoArgs)(Filler.prototype, name, 0);
    Tool({ description: `Filler tool ${i}` })(Filler.prototype, name, descriptor);
  }
  Provider()(Filler);
  return Filler;
}

/** (c) Tessera: `createApp` with a `@Tool` taking a class-validator DTO via `@Args()`; default settings. */
export function tesseraEcho(toolCount: number): EchoServer & { app: TesseraApp } {
  const providers = toolCount > 1 ? [EchoTools, fillerProvider(1, toolCount - 1)] : [EchoTools];
  const app = createApp({ name: 'tessera-bench', version: '1.0.0', providers });
  return { name: 'Tessera createApp + @Tool/@Args DTO', app, fetch: app.fetch, close: () => app.close() };
}
