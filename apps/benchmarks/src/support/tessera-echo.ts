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

/** A DTO class of its own for one filler tool (as a user writes one args class per tool), same shape as EchoArgs. */
function fillerArgs(i: number): new () => { text: string } {
  class FillerArgs {
    text!: string;
  }
  Object.defineProperty(FillerArgs, 'name', { value: `Tool${i}Args` });
  Reflect.defineMetadata('design:type', String, FillerArgs.prototype, 'text');
  Field({ description: 'Text to echo' })(FillerArgs.prototype, 'text');
  IsString()(FillerArgs.prototype, 'text');
  return FillerArgs;
}

/**
 * A provider class with `count` decorated tools `tool_<from>..`, each with its own DTO class, built at run
 * time with the same decorators.
 */
function fillerProvider(from: number, count: number): new () => object {
  class Filler {}
  Object.defineProperty(Filler, 'name', { value: `Filler${from}` });
  for (let i = from; i < from + count; i++) {
    const name = fillerName(i);
    const method = function (this: unknown, args: { text: string }): string {
      return args.text;
    };
    Object.defineProperty(Filler.prototype, name, { value: method, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(Filler.prototype, name)!;
    const dto = fillerArgs(i);
    Args(() => dto)(Filler.prototype, name, 0);
    Tool({ description: `Filler tool ${i}` })(Filler.prototype, name, descriptor);
  }
  Provider()(Filler);
  return Filler;
}

/** Tools per filler provider class: 1000 tools come as 100 classes of 10, the way an application groups them. */
const TOOLS_PER_PROVIDER = 10;

/** (c) Tessera: `createApp` with a `@Tool` taking a class-validator DTO via `@Args()`; default settings. */
export function tesseraEcho(toolCount: number): EchoServer & { app: TesseraApp } {
  const providers: Array<new () => object> = [EchoTools];
  for (let i = 1; i < toolCount; i += TOOLS_PER_PROVIDER) providers.push(fillerProvider(i, Math.min(TOOLS_PER_PROVIDER, toolCount - i)));
  const app = createApp({ name: 'tessera-bench', version: '1.0.0', providers });
  return { name: 'Tessera createApp + @Tool/@Args DTO', app, fetch: app.fetch, close: () => app.close() };
}
