import {
  inputRequired,
  OAuthError,
  OAuthErrorCode,
  type AuthInfo,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { IsString } from 'class-validator';
import {
  Args,
  createApp,
  Ctx,
  ExecutionContext,
  Field,
  ForbiddenError,
  Provider,
  silentLogger,
  Tool,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  type ExceptionFilter,
  type Guard,
  type Interceptor,
  type Pipe,
  type TesseraApp,
} from '@tessera/core';

/** An input-required result that no question of the tool declared: what an interceptor or a filter may return. */
const asked = () =>
  inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({
        message: 'Sure?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      }),
    },
  });

const askingInterceptor: Interceptor = { intercept: async () => asked() };
const askingFilter: ExceptionFilter = { catch: () => asked() };
const passingInterceptor: Interceptor = { intercept: async (_ctx, next) => next() };
const refusingGuard: Guard = {
  canActivate: () => {
    throw new ForbiddenError('not you');
  },
};
const upperPipe: Pipe = {
  transform: (value) =>
    typeof value === 'object' && value !== null && 'text' in value
      ? Object.assign(value, { text: String((value as { text: unknown }).text).toUpperCase() })
      : value,
};

export class Text {
  @Field({ description: 'Any text' })
  @IsString()
  text!: string;
}

/** What a handler can see of its arguments and `_meta`, own keys and inherited ones apart. */
function keysReport(ctx: ExecutionContext): unknown {
  const args = ctx.arguments as Record<string, unknown>;
  const meta = ctx.sdk.mcpReq._meta as Record<string, unknown> | undefined;
  return {
    argumentKeys: Object.keys(args),
    argumentsPrototypeIsPlain: Object.getPrototypeOf(args) === Object.prototype,
    inheritedArgument: (args as { injected?: unknown }).injected ?? null,
    metaKeys: meta ? Object.keys(meta) : null,
    metaPrototypeIsPlain: meta ? Object.getPrototypeOf(meta) === Object.prototype : null,
    progressToken: (meta as { progressToken?: unknown } | undefined)?.progressToken ?? null,
  };
}

@Provider()
class EdgeTools {
  @Tool({ description: 'An interceptor answers in its place, asking a question' })
  @UseInterceptors(askingInterceptor)
  interceptedAsk(): string {
    return 'never';
  }

  @Tool({ description: 'Throws; its filter answers, asking a question' })
  @UseFilters(askingFilter)
  filteredAsk(): never {
    throw new Error('caught');
  }

  @Tool({ description: 'A pass-through interceptor around a plain result' })
  @UseInterceptors(passingInterceptor)
  intercepted(): string {
    return 'through';
  }

  @Tool({ description: 'Refused by its guard' })
  @UseGuards(refusingGuard)
  guarded(): string {
    return 'never';
  }

  @Tool({ description: 'Its arguments upper-cased by a pipe' })
  @UsePipes(upperPipe)
  piped(@Args() args: Text): string {
    return args.text;
  }

  @Tool({ description: 'Reports the keys it sees' })
  keys(@Ctx() ctx: ExecutionContext): unknown {
    return keysReport(ctx);
  }

  @Tool({ description: 'Logs and reports progress' })
  async chatty(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.log('info', 'heard if asked');
    await ctx.progress(1, 2);
    return 'done';
  }

  @Tool({ description: 'Echoes its text' })
  echo(@Args() args: Text): string {
    return args.text;
  }

  @Tool({ description: 'Who called' })
  whoami(@Ctx() ctx: ExecutionContext): string {
    return ctx.principal?.subject ?? 'anonymous';
  }
}

/** One known token; anything else is refused the way the SDK expects. */
export const oneTokenVerifier: OAuthTokenVerifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    if (token !== 'good-token') throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
    return { token, clientId: 'c', scopes: ['mcp'], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
  },
};

/** The app of two-paths-divergences.test.ts; `telemetry` and `auth` as the test asks. */
export function edgeApp(options: { telemetry?: boolean; auth?: boolean } = {}): TesseraApp {
  return createApp(
    {
      name: 'edges',
      version: '1.0.0',
      providers: [EdgeTools],
      logger: silentLogger,
      ...(options.telemetry && { telemetry: true }),
    },
    options.auth ? { auth: { verifier: oneTokenVerifier } } : {},
  );
}
