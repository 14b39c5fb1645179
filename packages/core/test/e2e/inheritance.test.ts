import { IsInt, IsString } from 'class-validator';
import {
  Args,
  createApp,
  DuplicateNameError,
  Provider,
  silentLogger,
  Tool,
  UseGuards,
  UseInterceptors,
  type ExecutionContext,
  type Guard,
  type Interceptor,
} from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { inject } from 'tsyringe';
import { textOf } from './support/result-text';

class Greeter {
  greet(who: string): string {
    return `hello ${who}`;
  }
}

class NameArgs {
  @IsString()
  name!: string;
}

/** The override's own DTO (a subtype, so the override stays type-compatible with the parent's method). */
class CountArgs extends NameArgs {
  @IsInt()
  count!: number;
}

const tagged: Interceptor = {
  async intercept(_ctx, next) {
    return `[${String(await next())}]`;
  },
};

@Provider()
class BaseTools {
  constructor(protected readonly greeter: Greeter) {}

  @Tool({ description: 'Greets by name' })
  @UseInterceptors(tagged)
  greet(@Args() args: NameArgs): string {
    return this.greeter.greet(args.name);
  }

  @Tool({ description: 'Inherited as is' })
  version(): string {
    return 'base';
  }

  @Tool({ description: 'Parent definition' })
  count(@Args() args: NameArgs): string {
    return `parent ${args.name}`;
  }

  @Tool({ description: 'Parent takes a name' })
  reset(@Args() args: NameArgs): string {
    return `parent reset ${args.name}`;
  }
}

@Provider()
class ChildTools extends BaseTools {
  /** Overridden without a decorator: keeps the parent's @Tool, @Args and interceptor. */
  override greet(args: NameArgs): string {
    return `${this.greeter.greet(args.name)} from the child`;
  }

  /** Overridden with a new decorator: the child's definition replaces the parent's. */
  @Tool({ name: 'count', description: 'Child definition' })
  override count(@Args() args: CountArgs): string {
    return `child counted ${args.count * 2} for ${args.name}`;
  }

  /** Re-decorated with no parameters at all: the parent's @Args must not leak into it. */
  @Tool({ description: 'Child takes nothing' })
  override reset(): string {
    return 'child reset';
  }

  @Tool({ description: 'Only in the child' })
  extra(): string {
    return 'extra';
  }
}

/** An undecorated subclass: still resolved with the parent's constructor injections. */
class PlainChild extends BaseTools {
  override version(): string {
    return `plain child, ${this.greeter.greet('still injected')}`;
  }
}

const onlyAdmins: Guard = { canActivate: (ctx: ExecutionContext) => ctx.clientInfo?.name === 'admin-console' };

/** A shared admin base: abstract, never listed itself; its class guard covers every subclass's tools. */
@UseGuards(onlyAdmins)
abstract class AdminBase {
  protected abstract readonly area: string;

  @Tool({ description: 'Audit log of the area' })
  audit(): string {
    return `audit of ${this.area}`;
  }
}

@Provider()
class UserAdmin extends AdminBase {
  protected readonly area = 'users';

  @Tool()
  ban(): string {
    return 'banned';
  }
}

const app = (...providers: Array<new (...args: never[]) => unknown>) =>
  createApp({ name: 'inherit', version: '1.0.0', providers, services: [Greeter], logger: silentLogger });

describe('subclassed providers', () => {
  test('inherit, override (keeping or replacing the decorator) and add tools', async () => {
    const client = await connectInMemory(app(ChildTools));
    const { tools } = await client.listTools();
    expect(Object.fromEntries(tools.map((t) => [t.name, t.description]))).toEqual({
      greet: 'Greets by name',
      version: 'Inherited as is',
      count: 'Child definition',
      reset: 'Child takes nothing',
      extra: 'Only in the child',
    });
    expect(tools.find((t) => t.name === 'count')!.inputSchema).toMatchObject({
      properties: { name: { type: 'string' }, count: { type: 'integer' } },
    });
    expect(tools.find((t) => t.name === 'reset')!.inputSchema).toEqual({ type: 'object', properties: {} });

    expect(textOf(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } }))).toBe(
      '[hello Ada from the child]',
    );
    expect(textOf(await client.callTool({ name: 'version', arguments: {} }))).toBe('base');
    expect(textOf(await client.callTool({ name: 'count', arguments: { name: 'Cy', count: 21 } }))).toBe(
      'child counted 42 for Cy',
    );
    expect(textOf(await client.callTool({ name: 'reset', arguments: {} }))).toBe('child reset');
    expect(textOf(await client.callTool({ name: 'extra', arguments: {} }))).toBe('extra');
  });

  test('a subclass without @Provider() is still built with its parent constructor injections', async () => {
    const client = await connectInMemory(app(PlainChild));
    expect(textOf(await client.callTool({ name: 'version', arguments: {} }))).toBe('plain child, hello still injected');
    expect(textOf(await client.callTool({ name: 'greet', arguments: { name: 'Bo' } }))).toBe('[hello Bo]');
  });

  test('an abstract base class with a class-level guard protects inherited and own tools', async () => {
    const asUser = await connectInMemory(app(UserAdmin));
    for (const name of ['audit', 'ban']) {
      const refused = await asUser.callTool({ name, arguments: {} });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('refused this caller');
    }
    const asAdmin = await connectInMemory(app(UserAdmin), { clientInfo: { name: 'admin-console', version: '1.0.0' } });
    expect(textOf(await asAdmin.callTool({ name: 'audit', arguments: {} }))).toBe('audit of users');
    expect(textOf(await asAdmin.callTool({ name: 'ban', arguments: {} }))).toBe('banned');
  });

  test('a duplicate tool name across two classes is a DuplicateNameError at createApp', () => {
    @Provider()
    class Other {
      @Tool()
      version(): string {
        return 'other';
      }
    }
    expect(() => app(ChildTools, Other)).toThrow(DuplicateNameError);
    expect(() => app(ChildTools, Other)).toThrow(
      'Duplicate tool "version": declared by ChildTools.version and by Other.version',
    );
  });

  test('two subclasses of one base clash on the inherited names unless prefixed', () => {
    @Provider()
    class TeamAdmin extends AdminBase {
      protected readonly area = 'teams';
    }
    expect(() => app(UserAdmin, TeamAdmin)).toThrow(
      /Duplicate tool "audit": declared by UserAdmin.audit and by TeamAdmin.audit/,
    );

    @Provider({ prefix: 'teams' })
    class PrefixedTeamAdmin extends AdminBase {
      protected readonly area = 'teams';
    }
    expect(() => app(UserAdmin, PrefixedTeamAdmin)).not.toThrow();
  });

  test("a subclass keeps its parent's @inject(token) constructor parameters", async () => {
    const SETTINGS = Symbol('settings');

    @Provider()
    class Configured {
      constructor(@inject(SETTINGS) protected readonly settings: { region: string }) {}
      @Tool()
      region(): string {
        return this.settings.region;
      }
    }

    @Provider()
    class DecoratedChild extends Configured {}
    class UndecoratedChild extends Configured {}

    for (const Child of [DecoratedChild, UndecoratedChild]) {
      const client = await connectInMemory(
        createApp({
          name: 'inject',
          version: '1.0.0',
          providers: [Child],
          services: [{ token: SETTINGS, useValue: { region: 'eu' } }],
          logger: silentLogger,
        }),
      );
      expect(textOf(await client.callTool({ name: 'region', arguments: {} }))).toBe('eu');
    }
  });

  test("a parent's method guard still protects a re-decorated override", async () => {
    @Provider()
    class Guarded {
      @Tool()
      @UseGuards({ canActivate: () => false })
      drop(): string {
        return 'dropped by parent';
      }
    }

    @Provider()
    class Redecorated extends Guarded {
      @Tool({ description: 'new description, same protection' })
      override drop(): string {
        return 'dropped by child';
      }
    }

    const client = await connectInMemory(app(Redecorated));
    expect((await client.callTool({ name: 'drop', arguments: {} })).isError).toBe(true);
  });

  test('an undecorated provider with its own constructor parameters is refused at createApp', () => {
    class Undecorated {
      constructor(readonly greeter: Greeter) {}
      @Tool()
      hi(): string {
        return this.greeter.greet('x');
      }
    }
    expect(() => app(Undecorated)).toThrow(
      'Provider Undecorated declares constructor parameters, but without a class decorator their types are unknown: add @Provider().',
    );
  });
});
