import { injectable } from 'tsyringe';
import {
  createApp,
  ExecutionContext,
  ForbiddenError,
  Prompt,
  Provider,
  Resource,
  ResourceTemplate,
  silentLogger,
  Tool,
  UseGuards,
  type Guard,
} from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { textOf } from './support/result-text';

// Guards run before anything else: a refused caller never reaches the method body.

const ran: string[] = [];

/** A guard configured by an injected service: resolved from the request's container. */
class Blocklist {
  readonly blocked = new Set(['mallory']);
}

@injectable()
class CallerGuard implements Guard {
  constructor(private readonly list: Blocklist) {}
  canActivate(ctx: ExecutionContext): boolean {
    return !this.list.blocked.has(String(ctx.arguments.caller ?? ''));
  }
}

const denyAll: Guard = { canActivate: () => false };
const denyWithReason: Guard = {
  canActivate: () => {
    throw new ForbiddenError('maintenance window: writes are closed');
  },
};

@Provider()
class Open {
  @Tool()
  ping(): string {
    ran.push('ping');
    return 'pong';
  }

  @Tool()
  @UseGuards(denyAll)
  closed(): string {
    ran.push('closed');
    return 'should not run';
  }

  @Tool()
  @UseGuards(denyWithReason)
  write(): string {
    ran.push('write');
    return 'should not run';
  }
}

@Provider()
@UseGuards(denyAll)
class Locked {
  @Tool()
  secret(): string {
    ran.push('secret');
    return 'should not run';
  }

  @Prompt()
  lockedPrompt(): string {
    ran.push('lockedPrompt');
    return 'should not run';
  }

  @Resource('locked://static')
  lockedStatic(): string {
    ran.push('lockedStatic');
    return 'should not run';
  }

  @ResourceTemplate('locked://items/{id}')
  lockedItem(): string {
    ran.push('lockedItem');
    return 'should not run';
  }
}

function app(extra: { guards?: Guard[] | (typeof CallerGuard)[] } = {}) {
  return createApp({
    name: 'guarded',
    version: '1.0.0',
    providers: [Open, Locked],
    services: [Blocklist],
    logger: silentLogger,
    ...extra,
  });
}

beforeEach(() => {
  ran.length = 0;
});

describe('guards', () => {
  test('a method guard refuses a tool with an isError result; the method never runs', async () => {
    const client = await connectInMemory(app());
    const result = await client.callTool({ name: 'closed', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Forbidden: tool "closed" refused this caller.');
    expect(ran).toEqual([]);
  });

  test('a guard that throws ForbiddenError shows its own reason, as "Forbidden: reason" (the README table)', async () => {
    const client = await connectInMemory(app());
    const result = await client.callTool({ name: 'write', arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden: maintenance window: writes are closed' }],
    });
    expect(ran).toEqual([]);
  });

  test('a class guard covers every handler of the class; other classes are untouched', async () => {
    const client = await connectInMemory(app());
    const refused = await client.callTool({ name: 'secret', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe('Forbidden: tool "secret" refused this caller.');
    const allowed = await client.callTool({ name: 'ping', arguments: {} });
    expect(textOf(allowed)).toBe('pong');
    expect(ran).toEqual(['ping']);
  });

  test('a refused prompt or resource is JSON-RPC error -31403', async () => {
    const client = await connectInMemory(app());
    await expect(client.getPrompt({ name: 'lockedPrompt', arguments: {} })).rejects.toMatchObject({
      code: -31403,
      message: expect.stringContaining('Forbidden: prompt "lockedPrompt" refused this caller.'),
    });
    await expect(client.readResource({ uri: 'locked://static' })).rejects.toMatchObject({ code: -31403 });
    await expect(client.readResource({ uri: 'locked://items/7' })).rejects.toMatchObject({
      code: -31403,
      message: expect.stringContaining('resource template "lockedItem"'),
    });
    expect(ran).toEqual([]);
  });

  test('an app-wide guard runs for every handler', async () => {
    const client = await connectInMemory(app({ guards: [denyAll] }));
    const result = await client.callTool({ name: 'ping', arguments: {} });
    expect(result.isError).toBe(true);
    expect(ran).toEqual([]);
  });

  test('a guard class is resolved from the container with its injected services', async () => {
    const client = await connectInMemory(app({ guards: [CallerGuard] }));
    const allowed = await client.callTool({ name: 'ping', arguments: { caller: 'alice' } });
    expect(textOf(allowed)).toBe('pong');
    const refused = await client.callTool({ name: 'ping', arguments: { caller: 'mallory' } });
    expect(refused.isError).toBe(true);
    expect(ran).toEqual(['ping']);
  });

  test('guards run app → class → method, and the first refusal stops the rest', async () => {
    const order: string[] = [];
    const record = (name: string, allow = true): Guard => ({ canActivate: () => (order.push(name), allow) });

    @Provider()
    @UseGuards(record('class'))
    class Ordered {
      @Tool()
      @UseGuards(record('method'))
      go(): string {
        return 'went';
      }

      @Tool()
      @UseGuards(record('method-deny', false), record('never'))
      stop(): string {
        return 'should not run';
      }
    }

    const client = await connectInMemory(
      createApp({
        name: 'ordered',
        version: '1.0.0',
        providers: [Ordered],
        guards: [record('app')],
        logger: silentLogger,
      }),
    );
    expect(textOf(await client.callTool({ name: 'go', arguments: {} }))).toBe('went');
    expect(order).toEqual(['app', 'class', 'method']);
    order.length = 0;
    expect((await client.callTool({ name: 'stop', arguments: {} })).isError).toBe(true);
    expect(order).toEqual(['app', 'class', 'method-deny']);
  });
});

test('ForbiddenError texts: "Forbidden: reason", never prefixed twice, "Forbidden" alone without a reason', () => {
  expect(new ForbiddenError('admins only').message).toBe('Forbidden: admins only');
  expect(new ForbiddenError('admins only').reason).toBe('admins only');
  expect(new ForbiddenError('Forbidden: admins only').message).toBe('Forbidden: admins only');
  expect(new ForbiddenError().message).toBe('Forbidden');
});
