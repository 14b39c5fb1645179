import { container as tsyringeGlobal, singleton } from 'tsyringe';
import {
  createApp,
  ExecutionContext,
  Provider,
  silentLogger,
  Tool,
  type Interceptor,
  type TesseraApp,
} from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { textOf } from './support/result-text';
import { appInternals } from '../../src/app/tessera-app';

// A call opens its child container only when something needs one (a request-scoped service, the context
// injected, `ctx.container` read): everything else must behave exactly as if it had been resolved there.

let built = 0;
const disposed: number[] = [];

/** No constructor parameters and registered nowhere: tsyringe would build it anew in each call's container. */
@Provider()
class Plain {
  readonly id = ++built;
  @Tool()
  plainId(): string {
    return String(this.id);
  }
  dispose(): void {
    disposed.push(this.id);
  }
}

/** Registered in tsyringe's global container: one instance, however it is reached, in an app that shares it. */
@singleton()
class Shared {
  readonly id = ++built;
  @Tool()
  sharedId(): string {
    return String(this.id);
  }
}

/** Reads `ctx.container`: it must hold this call's context, as it always did. */
const seesOwnContext: Interceptor = {
  intercept: async (ctx, next) => {
    if (ctx.container.resolve(ExecutionContext) !== ctx) throw new Error('the request container lost its context');
    return next();
  },
};

/** Counts the child containers the app opens from its root. */
function countContainers(app: TesseraApp): { opened: number } {
  const counter = { opened: 0 };
  const root = appInternals(app).runtime.root;
  const open = root.createChildContainer.bind(root);
  root.createChildContainer = () => (counter.opened++, open());
  return counter;
}

const ids = async (client: Awaited<ReturnType<typeof connectInMemory>>, name: string) => [
  textOf(await client.callTool({ name, arguments: {} })),
  textOf(await client.callTool({ name, arguments: {} })),
];

beforeEach(() => {
  disposed.length = 0;
});

afterAll(() => {
  tsyringeGlobal.clearInstances();
});

describe('the request container, opened on demand', () => {
  test('a provider without constructor parameters is built per call and disposed at its end, without a container', async () => {
    const app = createApp({ name: 'plain', version: '1.0.0', providers: [Plain], logger: silentLogger });
    const containers = countContainers(app);
    const client = await connectInMemory(app);
    const [first, second] = await ids(client, 'plainId');
    expect(first).not.toBe(second);
    expect(disposed).toEqual([Number(first), Number(second)]);
    expect(containers.opened).toBe(0);
    await app.close();
  });

  test('a provider registered as a tsyringe singleton stays one instance (useGlobalContainer)', async () => {
    const app = createApp(
      { name: 'shared', version: '1.0.0', providers: [Shared], logger: silentLogger },
      { useGlobalContainer: true },
    );
    const client = await connectInMemory(app);
    const [first, second] = await ids(client, 'sharedId');
    expect(first).toBe(second);
    await app.close();
  });

  test('reading ctx.container opens one container per call, holding that call context', async () => {
    const app = createApp({
      name: 'reads',
      version: '1.0.0',
      providers: [Plain],
      interceptors: [seesOwnContext],
      logger: silentLogger,
    });
    const containers = countContainers(app);
    const client = await connectInMemory(app);
    const [first, second] = await ids(client, 'plainId');
    expect(first).not.toBe(second);
    expect(containers.opened).toBe(2);
    // built in the container, it is disposed with it
    expect(disposed).toEqual([Number(first), Number(second)]);
    await app.close();
  });
});
