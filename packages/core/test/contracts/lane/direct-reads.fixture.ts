import { IsString } from 'class-validator';
import {
  inputRequired,
  ProtocolError,
  ResourceNotFoundError,
  UrlElicitationRequiredError,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { Region } from './http-fast-path.fixture';
import {
  Args,
  createApp,
  Ctx,
  Elicit,
  ExecutionContext,
  Prompt,
  Provider,
  Resource,
  ResourceTemplate,
  silentLogger,
  ToolError,
  UseGuards,
  type Guard,
  type TesseraApp,
} from '@tessera/core';

export class Topic {
  @IsString()
  topic!: string;
}

export class NoteVars {
  @IsString()
  id!: string;
}

const refuse: Guard = { canActivate: () => false };

/** What a handler reads from its context: the same on both paths. */
function contextReport(ctx: ExecutionContext): string {
  return JSON.stringify({
    protocolVersion: ctx.protocolVersion,
    clientInfo: ctx.clientInfo,
    clientCapabilities: ctx.clientCapabilities,
    authInfo: ctx.authInfo ?? null,
    requestState: ctx.requestState ?? null,
    meta: ctx.sdk.mcpReq._meta ?? null,
    envelope: ctx.sdk.mcpReq.envelope ?? null,
    id: ctx.sdk.mcpReq.id,
    method: ctx.sdk.mcpReq.method,
    httpRequest: ctx.sdk.http?.req?.headers.get('mcp-name') ?? null,
    aborted: ctx.signal.aborted,
  });
}

@Provider()
class Prompts {
  @Prompt({ description: 'Writes about a topic' })
  write(@Args() args: Topic): string {
    return `Write about ${args.topic}`;
  }

  @Prompt({ description: 'Takes no arguments' })
  hello(): string {
    return 'Say hello';
  }

  @Prompt({ description: 'Reports its context' })
  report(@Ctx() ctx: ExecutionContext): string {
    return contextReport(ctx);
  }

  @Prompt({ description: 'Returns messages' })
  conversation(): unknown {
    return [
      { role: 'user', content: { type: 'text', text: 'hi' } },
      { role: 'assistant', content: { type: 'text', text: 'hello' } },
    ];
  }

  @Prompt({ description: 'Returns a whole result of its own' })
  whole(): unknown {
    return {
      description: 'mine',
      messages: [{ role: 'user', content: { type: 'text', text: 'x' } }],
      _meta: { 'example.com/mark': 1 },
      capabilities: { tasks: {}, other: 1 },
    };
  }

  @Prompt({ description: 'Returns a result that names its own result type and identity' })
  stamped(): unknown {
    return {
      resultType: 'complete',
      messages: [],
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'someone else', version: '0' } },
    };
  }

  @Prompt({ description: 'Returns messages no schema accepts (the SDK checks no prompt result)' })
  odd(): unknown {
    return { messages: [{ role: 'nobody', content: 7 }] };
  }

  @Prompt({ description: 'Returns neither messages nor a string' })
  shapeless(): unknown {
    return 42;
  }

  @Prompt({ description: 'Throws a protocol error with data' })
  refusing(): never {
    throw new ProtocolError(-32602, 'not like that', { why: 'because' });
  }

  @Prompt({ description: 'Throws the missing-client-capability error' })
  lacking(): never {
    throw new ProtocolError(-32021, 'this needs elicitation', { requiredCapabilities: { elicitation: {} } });
  }

  @Prompt({ description: 'Throws the URL-elicitation error of the 2025 era' })
  urlAsking(): never {
    throw new UrlElicitationRequiredError([
      { mode: 'url', elicitationId: 'e1', url: 'https://example.com/login', message: 'Log in' },
    ]);
  }

  @Prompt({ description: 'Throws a tool error' })
  erring(): never {
    throw new ToolError('it went wrong');
  }

  @Prompt({ description: 'Throws an unexpected error' })
  failing(): never {
    throw new Error('secret detail');
  }

  @Prompt({ description: 'Sends a message before its result' })
  async chatty(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.sdk.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: 'working' } });
    return 'done';
  }

  @Prompt({ description: 'Refused by its guard' })
  @UseGuards(refuse)
  guarded(): string {
    return 'never';
  }

  @Prompt({ description: 'Asks by itself (the direct form), then answers' })
  confirm(@Ctx() ctx: ExecutionContext): InputRequiredResult | string {
    if (ctx.requestState === 'asked') return `confirmed: ${JSON.stringify(ctx.inputResponses ?? null)}`;
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } }),
      },
      requestState: 'asked',
    });
  }

  @Prompt({ description: 'Asks where first' })
  place(@Elicit({ key: 'region', message: 'Where?', schema: Region }) where: Region): string {
    return `about ${where.region}`;
  }
}

@Provider()
class Resources {
  @Resource('text://plain')
  plain(): string {
    return 'plain text';
  }

  @Resource('config://app', { mimeType: 'application/json' })
  config(): unknown {
    return { debug: false };
  }

  @Resource('bin://bytes')
  bytes(): Uint8Array {
    return new Uint8Array([0, 1, 2, 250]);
  }

  @Resource('whole://cached')
  cached(): unknown {
    return { contents: [{ uri: 'whole://cached', text: 'c' }], ttlMs: 5000, cacheScope: 'public', _meta: { a: 1 } };
  }

  @Resource('whole://bad-cache')
  badCache(): unknown {
    return { contents: [{ uri: 'whole://bad-cache', text: 'b' }], ttlMs: -1, cacheScope: 'everyone' };
  }

  @Resource('whole://other-type')
  otherType(): unknown {
    return { resultType: 'mine', contents: [] };
  }

  @Resource('missing://thing')
  missing(): never {
    throw new ResourceNotFoundError('missing://thing');
  }

  @Resource('gone://thing')
  gone(): never {
    throw new ProtocolError(-32002, 'gone', { uri: 'gone://thing' });
  }

  @Resource('failing://thing')
  failing(): never {
    throw new Error('secret detail');
  }

  @Resource('report://ctx')
  report(@Ctx() ctx: ExecutionContext): string {
    return contextReport(ctx);
  }

  @ResourceTemplate('notes://{id}', { mimeType: 'text/markdown' })
  note(@Args() args: NoteVars): string {
    return `# note ${args.id}`;
  }

  @ResourceTemplate('files://{name}')
  file(@Args() args: NoteVars): unknown {
    return { id: args.id };
  }

  @ResourceTemplate('ask://{id}')
  asking(@Elicit({ key: 'region', message: 'Where?', schema: Region }) where: Region): string {
    return where.region;
  }
}

/** The app of direct-reads.test.ts: every kind of answer a prompt or a resource can give, and some that ask. */
export function directReadsApp(
  cacheHints?: Record<string, { ttlMs?: number; cacheScope?: 'public' | 'private' }>,
): TesseraApp {
  return createApp({
    name: 'reads',
    version: '1.0.0',
    title: 'Direct reads',
    providers: [Prompts, Resources],
    logger: silentLogger,
    ...(cacheHints && { cacheHints }),
  });
}
