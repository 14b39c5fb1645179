import { container as tsyringeGlobal, inject, injectable, singleton } from 'tsyringe';
import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { textOf } from './support/result-text';

// Each app's root container stands alone: what is registered in tsyringe's global container (by another app,
// a library or a test) never reaches it, unless the app asks for the global one with useGlobalContainer.

const GREETING = Symbol('greeting');

@Provider()
class Greeter {
  constructor(@inject(GREETING) private readonly greeting: string) {}
  @Tool()
  greet(): string {
    return this.greeting;
  }
}

let built = 0;

/** tsyringe's own @singleton(): registered in the global container when the class is declared. */
@singleton()
@Provider()
class GloballyShared {
  readonly id = ++built;
  @Tool()
  sharedId(): string {
    return String(this.id);
  }
}

@injectable()
class Clock {
  readonly id = ++built;
}

@Provider()
class UsesClock {
  constructor(readonly clock: Clock) {}
  @Tool()
  clockId(): string {
    return String(this.clock.id);
  }
}

const apps: Array<{ close(): Promise<void> }> = [];
const open = <T extends { close(): Promise<void> }>(app: T): T => (apps.push(app), app);

beforeAll(() => {
  tsyringeGlobal.register(GREETING, { useValue: 'leaked from the global container' });
  tsyringeGlobal.registerSingleton(Clock);
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

afterAll(() => {
  tsyringeGlobal.reset();
});

describe("an app's root container", () => {
  test('does not see a token registered in the global container: the app gets its own, or the call fails', async () => {
    const own = open(
      createApp({
        name: 'own',
        version: '1',
        providers: [Greeter],
        services: [{ token: GREETING, useValue: 'hello from the app' }],
        logger: silentLogger,
      }),
    );
    expect(textOf(await (await connectInMemory(own)).callTool({ name: 'greet', arguments: {} }))).toBe(
      'hello from the app',
    );

    const without = open(createApp({ name: 'without', version: '1', providers: [Greeter], logger: silentLogger }));
    const result = await (await connectInMemory(without)).callTool({ name: 'greet', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toContain('leaked');
  });

  test("does not share the global container's singletons: another app's or a library's instance stays theirs", async () => {
    const global = tsyringeGlobal.resolve(Clock);
    const app = open(createApp({ name: 'clock', version: '1', providers: [UsesClock], logger: silentLogger }));
    const client = await connectInMemory(app);
    const first = textOf(await client.callTool({ name: 'clockId', arguments: {} }));
    expect(first).not.toBe(String(global.id));
    // tsyringe's @singleton() classes are plain classes to an isolated app: list them in services for one instance
    const shared = open(createApp({ name: 'shared', version: '1', providers: [GloballyShared], logger: silentLogger }));
    const sharedClient = await connectInMemory(shared);
    const ids = [
      textOf(await sharedClient.callTool({ name: 'sharedId', arguments: {} })),
      textOf(await sharedClient.callTool({ name: 'sharedId', arguments: {} })),
    ];
    expect(ids[0]).not.toBe(ids[1]);
  });

  test('with useGlobalContainer, sees what the global container holds, as tsyringe users may want', async () => {
    const app = open(
      createApp(
        { name: 'global', version: '1', providers: [Greeter, UsesClock, GloballyShared], logger: silentLogger },
        { useGlobalContainer: true },
      ),
    );
    const client = await connectInMemory(app);
    expect(textOf(await client.callTool({ name: 'greet', arguments: {} }))).toBe('leaked from the global container');
    expect(textOf(await client.callTool({ name: 'clockId', arguments: {} }))).toBe(
      String(tsyringeGlobal.resolve(Clock).id),
    );
    const first = textOf(await client.callTool({ name: 'sharedId', arguments: {} }));
    expect(textOf(await client.callTool({ name: 'sharedId', arguments: {} }))).toBe(first);
  });
});
