import { IsString } from 'class-validator';
import { OAuthError, OAuthErrorCode, inputRequired, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { Args, ConsoleLogger, createApp, Ctx, ExecutionContext, Provider, Tool, UseGuards } from '@tessera/core';
import { connectInMemory, sendRaw } from '@tessera/testing';
import { textOf } from './support/result-text';

// Everything secret in this file contains "SECRET", so one substring check covers every log line.
const TOKEN = 'tok-SECRET-bearer';
const PASSWORD = 'pw-SECRET-argument';
const CARD = '4111-SECRET-card';

const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token) {
    if (token !== TOKEN) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
    return {
      token,
      clientId: 'cli',
      scopes: [],
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      extra: { subject: 'sam' },
    };
  },
};

class LoginArgs {
  @IsString()
  user!: string;

  @IsString()
  password!: string;
}

class ChargeArgs {
  @IsString()
  cardNumber!: string;
}

@Provider()
class Sensitive {
  @Tool()
  login(@Args() _args: LoginArgs): string {
    throw new Error('directory unavailable'); // unexpected: logged with a reference, masked on the wire
  }

  @Tool()
  @UseGuards({ canActivate: () => false })
  locked(@Args() _args: LoginArgs): string {
    return 'never';
  }

  @Tool()
  charge(@Args() args: ChargeArgs, @Ctx() ctx: ExecutionContext): string {
    // an author's own log line with a field listed in sensitiveFields
    ctx.logger.info('charging card', { cardNumber: args.cardNumber, token: ctx.authInfo?.token, amount: 5 });
    return 'charged';
  }

  @Tool({ returnsInputRequired: true })
  confirm(@Ctx() ctx: ExecutionContext): unknown {
    if (ctx.requestState) return 'done';
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } }),
      },
      requestState: 'SECRET-plain-state',
    });
  }
}

function makeApp(lines: string[]) {
  const logger = new ConsoleLogger({
    level: 'debug',
    write: (line) => lines.push(line),
    sensitiveFields: ['cardNumber'],
  });
  return createApp({ name: 'sensitive', version: '1.0.0', providers: [Sensitive], logger }, { auth: { verifier } });
}

describe('logging', () => {
  test('the default ConsoleLogger writes JSON lines without tokens, argument values or state', async () => {
    const lines: string[] = [];
    const app = makeApp(lines);
    const client = await connectInMemory(app, {
      headers: { authorization: `Bearer ${TOKEN}` },
      capabilities: { elicitation: { form: {} } },
    });

    const failed = await client.callTool({ name: 'login', arguments: { user: 'sam', password: PASSWORD } });
    expect(textOf(failed)).toMatch(/^Internal error \(ref [0-9a-f]{8}\)$/);
    await client.callTool({ name: 'locked', arguments: { user: 'sam', password: PASSWORD } });
    expect(textOf(await client.callTool({ name: 'charge', arguments: { cardNumber: CARD } }))).toBe('charged');

    const first = await sendRaw(
      app,
      'tools/call',
      { name: 'confirm', arguments: {} },
      { headers: { authorization: `Bearer ${TOKEN}` }, capabilities: { elicitation: { form: {} } } },
    );
    const state = first.body.result!.requestState as string;
    const tampered = state.slice(0, -4) + (state.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const refused = await sendRaw(
      app,
      'tools/call',
      { name: 'confirm', arguments: {}, inputResponses: {}, requestState: tampered },
      { headers: { authorization: `Bearer ${TOKEN}` }, capabilities: { elicitation: { form: {} } } },
    );
    expect(refused.body.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const messages = records.map((r) => r.message);
    expect(messages).toEqual(
      expect.arrayContaining(['handler failed', 'call refused by a guard', 'charging card', 'requestState refused']),
    );
    for (const line of lines) {
      expect(line).not.toContain('SECRET');
      expect(line).not.toContain(state);
    }
    const failure = records.find((r) => r.message === 'handler failed')!;
    expect(failure).toMatchObject({
      level: 'error',
      target: 'login',
      ref: /ref ([0-9a-f]{8})/.exec(textOf(failed))![1],
      error: { name: 'Error', message: 'directory unavailable' },
    });
    expect(records.find((r) => r.message === 'charging card')).toMatchObject({
      cardNumber: '[redacted]',
      token: '[redacted]',
      amount: 5,
    });
    expect(records.find((r) => r.message === 'requestState refused')).toMatchObject({
      level: 'warn',
      reason: expect.any(String),
    });
    await app.close();
  });

  test('redaction reaches nested keys and arrays; an error keeps only name, message and stack (not its own fields)', () => {
    const lines: string[] = [];
    const logger = new ConsoleLogger({ write: (line) => lines.push(line) });
    const error = Object.assign(new Error('boom'), { config: { headers: { authorization: 'Bearer SECRET' } } });
    logger.warn('upstream', {
      request: {
        headers: { Authorization: 'Bearer SECRET', accept: 'json' },
        body: { apiKey: 'SECRET', list: [{ password: 'SECRET' }] },
      },
      arguments: { anything: 'SECRET' },
      requestState: 'SECRET',
      error,
    });
    logger.debug('below the level', { password: 'SECRET' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('SECRET');
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'warn',
      message: 'upstream',
      request: {
        headers: { Authorization: '[redacted]', accept: 'json' },
        body: { apiKey: '[redacted]', list: [{ password: '[redacted]' }] },
      },
      arguments: '[redacted]',
      requestState: '[redacted]',
      error: { name: 'Error', message: 'boom' },
    });
  });

  test('the default logger writes to stderr (stdout carries the stdio stream), with module.sensitiveFields applied', async () => {
    const written: string[] = [];
    const spy = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const stdout = jest.spyOn(process.stdout, 'write');
    try {
      const app = createApp({
        name: 'sensitive',
        version: '1.0.0',
        providers: [Sensitive],
        sensitiveFields: ['cardNumber'],
      });
      const client = await connectInMemory(app);
      await client.callTool({ name: 'charge', arguments: { cardNumber: CARD } });
      const line = written.find((w) => w.includes('charging card'));
      expect(line).toBeDefined();
      expect(line).not.toContain('SECRET');
      expect(stdout).not.toHaveBeenCalled();
      await app.close();
    } finally {
      spy.mockRestore();
      stdout.mockRestore();
    }
  });

  test('deep, cyclic and bigint fields never leak or throw: deep subtrees are cut, not copied raw', () => {
    const lines: string[] = [];
    const logger = new ConsoleLogger({ write: (line) => lines.push(line) });
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: { password: 'SECRET' } } } } } } } } };
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => logger.info('odd fields', { deep, cyclic, count: 10n })).not.toThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('SECRET');
    const record = JSON.parse(lines[0]);
    expect(record.count).toBe('10');
    expect(JSON.stringify(record.deep)).toContain('[truncated]');
  });
});
