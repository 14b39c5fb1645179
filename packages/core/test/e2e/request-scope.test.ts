import { inject, injectable } from 'tsyringe';
import { createApp, ExecutionContext, InjectParam, Provider, silentLogger, Tool } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { textOf } from './support/result-text';
import { appInternals } from '../../src/app/tessera-app';

// One child container per call: request-scoped services and the ExecutionContext belong to one call;
// singletons live in the root container for the app's lifetime.

let nextId = 0;
const disposed: string[] = [];

/** Request-scoped: built once per call, from that call's context; disposed when the call ends. */
@injectable()
class CallInfo {
  readonly id = ++nextId;
  constructor(@inject(ExecutionContext) readonly ctx: ExecutionContext) {}
  get tag(): string {
    return String(this.ctx.arguments.tag);
  }
  dispose(): void {
    disposed.push(`call-info ${this.tag}`);
  }
}

/** A singleton with a dispose(): tsyringe would dispose it with the first container that built it. */
class Registry {
  readonly id = ++nextId;
  disposed = false;
  dispose(): void {
    this.disposed = true;
    disposed.push('registry');
  }
}

const REGISTRY_TOKEN = Symbol('registry');
class FactoryMade {
  disposed = false;
  dispose(): void {
    this.disposed = true;
  }
}

/** Both calls wait here until the other one has arrived, so their scopes overlap for sure. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === parties) open();
    return opened;
  };
}
let meet = barrier(2);

@Provider()
class Scoped {
  constructor(
    private readonly info: CallInfo,
    private readonly registry: Registry,
    @inject(ExecutionContext) private readonly ctx: ExecutionContext,
    @inject(REGISTRY_TOKEN) private readonly made: FactoryMade,
  ) {}

  @Tool()
  async whoami(@InjectParam(CallInfo) sameInfo: CallInfo): Promise<unknown> {
    await meet();
    return {
      tag: this.info.tag,
      ctxTag: this.ctx.arguments.tag,
      sameScopedInstance: sameInfo === this.info,
      sameContext: this.info.ctx === this.ctx,
      infoId: this.info.id,
      registryId: this.registry.id,
      factoryDisposed: this.made.disposed,
    };
  }
}

function makeApp() {
  return createApp({
    name: 'scoped',
    version: '1.0.0',
    providers: [Scoped],
    services: [
      { token: CallInfo, useClass: CallInfo, scope: 'request' },
      Registry,
      { token: REGISTRY_TOKEN, useFactory: () => new FactoryMade() },
    ],
    logger: silentLogger,
  });
}

beforeEach(() => {
  disposed.length = 0;
  meet = barrier(2);
});

describe('request scope', () => {
  test('two concurrent calls each see their own scoped service and context; singletons are shared', async () => {
    const app = makeApp();
    const client = await connectInMemory(app);
    const [a, b] = await Promise.all([
      client.callTool({ name: 'whoami', arguments: { tag: 'a' } }),
      client.callTool({ name: 'whoami', arguments: { tag: 'b' } }),
    ]);
    const ra = JSON.parse(textOf(a));
    const rb = JSON.parse(textOf(b));
    expect(ra).toMatchObject({ tag: 'a', ctxTag: 'a', sameScopedInstance: true, sameContext: true });
    expect(rb).toMatchObject({ tag: 'b', ctxTag: 'b', sameScopedInstance: true, sameContext: true });
    expect(ra.infoId).not.toBe(rb.infoId);
    expect(ra.registryId).toBe(rb.registryId);
    // request-scoped instances are disposed with their call
    expect(disposed.sort()).toEqual(['call-info a', 'call-info b']);
    await app.close();
  });

  test('a root singleton is not disposed when a request container is disposed, only when the app closes', async () => {
    const app = makeApp();
    const registry = appInternals(app).runtime.root.resolve(Registry);
    const made = appInternals(app).runtime.root.resolve<FactoryMade>(REGISTRY_TOKEN);
    const client = await connectInMemory(app);
    meet = barrier(1);
    const result = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: { tag: 'solo' } })));
    expect(result.registryId).toBe(registry.id);
    expect(result.factoryDisposed).toBe(false);
    expect(registry.disposed).toBe(false);
    expect(made.disposed).toBe(false);
    expect(disposed).toEqual(['call-info solo']);

    // a second call still gets the same, live singleton
    meet = barrier(1);
    const again = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: { tag: 'again' } })));
    expect(again.registryId).toBe(registry.id);

    await app.close();
    expect(registry.disposed).toBe(true);
  });

  test('a singleton first needed by a call, in its request container, outlives the call (built at startup)', async () => {
    // tsyringe disposes an instance with the container that first built it: were the singleton built lazily in
    // this call's child container, it would die with the call.
    const app = makeApp();
    const client = await connectInMemory(app);
    meet = barrier(1);
    const first = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: { tag: 'first' } })));
    expect(disposed).toEqual(['call-info first']);
    const registry = appInternals(app).runtime.root.resolve(Registry);
    expect(registry.id).toBe(first.registryId);
    expect(registry.disposed).toBe(false);
    await app.close();
    expect(registry.disposed).toBe(true);
  });

  test('a request-scoped factory runs once per call, however often the call resolves it', async () => {
    const AUDIT = Symbol('audit');
    let built = 0;

    @Provider()
    class Audited {
      constructor(@inject(AUDIT) private readonly audit: { id: number; calls: string[] }) {}
      @Tool()
      record(@InjectParam(AUDIT) again: { id: number; calls: string[] }): unknown {
        return { same: again === this.audit, id: this.audit.id };
      }
    }

    const app = createApp({
      name: 'audited',
      version: '1.0.0',
      providers: [Audited],
      services: [{ token: AUDIT, useFactory: () => ({ id: ++built, calls: [] }), scope: 'request' }],
      logger: silentLogger,
    });
    const client = await connectInMemory(app);
    const first = JSON.parse(textOf(await client.callTool({ name: 'record', arguments: {} })));
    const second = JSON.parse(textOf(await client.callTool({ name: 'record', arguments: {} })));
    expect(first).toEqual({ same: true, id: 1 });
    expect(second).toEqual({ same: true, id: 2 });
  });
});
