import { EventEmitter } from 'node:events';
import { IsIn, IsString } from 'class-validator';
import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
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

/** The app both HTTP paths serve in http-fast-path.test.ts: plain calls, a validated DTO, progress (SSE), a question. */
export class EchoArgs {
  @Field({ description: 'Text to echo' })
  @IsString()
  text!: string;
}

export class Region {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

/** `hold` reports here: 'started' when a call begins, 'cancelled' when its signal aborts; `watched` emits its signal. */
export const holdEvents = new EventEmitter();

@Provider()
class Things {
  @Tool({ description: 'Holds until the call is cancelled' })
  async hold(@Ctx() ctx: ExecutionContext): Promise<string> {
    const cancelled = new Promise<void>((resolve) =>
      ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    holdEvents.emit('started');
    await cancelled;
    holdEvents.emit('cancelled');
    return 'released';
  }

  @Tool({ description: 'Answers at once, handing its signal out to be watched' })
  watched(@Ctx() ctx: ExecutionContext): string {
    holdEvents.emit('watched', ctx.signal);
    return 'watched';
  }

  @Tool({ description: 'Echo the text' })
  echo(@Args() args: EchoArgs): string {
    return args.text;
  }

  @Tool({ description: 'Counts to three, reporting progress' })
  async count(@Ctx() ctx: ExecutionContext): Promise<string> {
    for (let i = 1; i <= 3; i++) await ctx.progress(i, 3, `step ${i}`);
    return 'counted';
  }

  @Tool({ description: 'Asks where, then answers' })
  place(@Elicit({ key: 'region', message: 'Where?', schema: Region }) where: Region): string {
    return `placed in ${where.region}`;
  }
}

const HOUR = 3600;
export const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    if (token !== 'good-token') throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown or revoked token');
    return {
      token,
      clientId: 'desk',
      scopes: ['mcp'],
      expiresAt: Math.floor(Date.now() / 1000) + HOUR,
      extra: { subject: 'alice' },
    };
  },
};

export function fastPathApp(withAuth: boolean): TesseraApp {
  return createApp(
    { name: 'paths', version: '1.0.0', providers: [Things], logger: silentLogger },
    withAuth ? { auth: { verifier } } : {},
  );
}
