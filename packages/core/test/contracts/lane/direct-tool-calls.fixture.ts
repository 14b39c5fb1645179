import { IsInt } from 'class-validator';
import { ProtocolError } from '@modelcontextprotocol/server';
import { EchoArgs, Region } from './http-fast-path.fixture';
import {
  Args,
  createApp,
  Ctx,
  Elicit,
  ExecutionContext,
  Field,
  Provider,
  silentLogger,
  Tool,
  type TesseraApp,
} from '@tessera/core';

class Sum {
  @Field({ description: 'The total' })
  @IsInt()
  total!: number;
}

/** What a handler reads from its context: the same on both paths. */
function contextReport(ctx: ExecutionContext): unknown {
  return {
    protocolVersion: ctx.protocolVersion,
    clientInfo: ctx.clientInfo,
    clientCapabilities: ctx.clientCapabilities,
    authInfo: ctx.authInfo ?? null,
    requestState: ctx.requestState ?? null,
    inputResponses: ctx.inputResponses ?? null,
    meta: ctx.sdk.mcpReq._meta ?? null,
    envelope: ctx.sdk.mcpReq.envelope ?? null,
    id: ctx.sdk.mcpReq.id,
    method: ctx.sdk.mcpReq.method,
    sessionId: ctx.sdk.sessionId ?? null,
    httpRequest: ctx.sdk.http?.req?.headers.get('mcp-name') ?? null,
    aborted: ctx.signal.aborted,
  };
}

@Provider()
class PlainTools {
  @Tool({ description: 'Echo the text' })
  echo(@Args() args: EchoArgs): string {
    return args.text;
  }

  @Tool({ description: 'Reports its context' })
  report(@Ctx() ctx: ExecutionContext): unknown {
    return contextReport(ctx);
  }

  @Tool({ description: 'Adds two and two', output: () => Sum })
  sum(): Sum {
    return { total: 4 };
  }

  @Tool({ description: 'Returns a whole result of its own' })
  whole(): unknown {
    return { content: [{ type: 'text', text: 'mine' }], structuredContent: [1, 2], _meta: { 'example.com/mark': 1 } };
  }

  @Tool({ description: 'Returns an error result' })
  erring(): unknown {
    return { isError: true, content: [{ type: 'text', text: 'it went wrong' }] };
  }

  @Tool({ description: 'Throws a protocol error with data' })
  refusing(): never {
    throw new ProtocolError(-32602, 'not like that', { why: 'because' });
  }

  @Tool({ description: 'Throws the missing-client-capability error' })
  lacking(): never {
    throw new ProtocolError(-32021, 'this call needs elicitation', { requiredCapabilities: { elicitation: {} } });
  }

  @Tool({ description: 'Throws a protocol error whose data is no JSON' })
  unwritable(): never {
    throw new ProtocolError(-32602, 'cannot be written', { big: BigInt(10) });
  }

  @Tool({ description: 'Throws an unexpected error' })
  failing(): never {
    throw new Error('secret detail');
  }

  @Tool({ description: 'Sends a message before its result' })
  async chatty(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.sdk.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: 'working' } });
    return 'done';
  }

  @Tool({ description: 'Logs (the client asked for no log level) and reports progress (no token)' })
  async quiet(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.log('info', 'unheard');
    await ctx.progress(1, 2);
    return 'quiet';
  }

  @Tool({ description: 'Tries the server-to-client requests of the 2025 era' })
  async pushing(@Ctx() ctx: ExecutionContext): Promise<string[]> {
    const tries = [
      () =>
        ctx.sdk.mcpReq.elicitInput({ mode: 'form', message: 'x', requestedSchema: { type: 'object', properties: {} } }),
      () => ctx.sdk.mcpReq.requestSampling({ messages: [], maxTokens: 1 }),
      () => ctx.sdk.mcpReq.send({ method: 'elicitation/create', params: {} } as never),
    ];
    const outcomes: string[] = [];
    for (const attempt of tries) {
      try {
        await attempt();
        outcomes.push('sent');
      } catch (error) {
        outcomes.push(`${(error as { code?: unknown }).code}: ${(error as Error).message}`);
      }
    }
    return outcomes;
  }

  @Tool({ description: 'Asks where, then answers' })
  place(@Elicit({ key: 'region', message: 'Where?', schema: Region }) where: Region): string {
    return `placed in ${where.region}`;
  }
}

/** The app of direct-tool-calls(.fuzz).test.ts: every kind of answer a plain tool can give, and one tool that asks. */
export function directCallsApp(): TesseraApp {
  return createApp({
    name: 'direct',
    version: '1.0.0',
    title: 'Direct calls',
    providers: [PlainTools],
    logger: silentLogger,
  });
}
