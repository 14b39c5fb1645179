import { IsString } from 'class-validator';
import { Args, createApp, Field, Provider, silentLogger, Tool, type Interceptor, type TesseraApp } from '@tessera/core';

/**
 * An app with `toolCount` tools the way an application has them: each tool its own args DTO, ten tools
 * per provider class. Only `echo` is called; the rest is the table whose size must not matter.
 */
class EchoArgs {
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

function fillerArgs(i: number): new () => { text: string } {
  class FillerArgs {
    text!: string;
  }
  Object.defineProperty(FillerArgs, 'name', { value: `Tool${i}Args` });
  Reflect.defineMetadata('design:type', String, FillerArgs.prototype, 'text');
  Field({ description: 'Text' })(FillerArgs.prototype, 'text');
  IsString()(FillerArgs.prototype, 'text');
  return FillerArgs;
}

function fillerProvider(from: number, count: number): new () => object {
  class Filler {}
  Object.defineProperty(Filler, 'name', { value: `Filler${from}` });
  for (let i = from; i < from + count; i++) {
    const name = `tool_${i}`;
    Object.defineProperty(Filler.prototype, name, { value: (args: { text: string }) => args.text, writable: true, configurable: true });
    const dto = fillerArgs(i);
    Args(() => dto)(Filler.prototype, name, 0);
    Tool({ description: `Filler tool ${i}` })(Filler.prototype, name, Object.getOwnPropertyDescriptor(Filler.prototype, name)!);
  }
  Provider()(Filler);
  return Filler;
}

export function manyToolsApp(toolCount: number, interceptors: Interceptor[] = []): TesseraApp {
  const providers: Array<new () => object> = [EchoTools];
  for (let i = 1; i < toolCount; i += 10) providers.push(fillerProvider(i, Math.min(10, toolCount - i)));
  return createApp({ name: `tools-${toolCount}`, version: '1.0.0', providers, interceptors, logger: silentLogger });
}

export const ECHO_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'echo',
    arguments: { text: 'hello' },
    _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
  },
});

export const ECHO_HEADERS = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};
