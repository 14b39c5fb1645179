import type { StoredTask, TaskCreation, TaskStore } from '../../src/advanced';

/** A creation far from every cap, without an idempotency key. */
export const UNCAPPED: TaskCreation = { caps: { perOwner: 1_000, total: 10_000 } };

/** A clock the contract moves by hand: TTL behaviour without waiting. */
export interface ContractClock {
  now: () => number;
  advance(ms: number): void;
}

export function contractClock(start = Date.UTC(2026, 6, 28)): ContractClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export function sampleTask(overrides: Partial<StoredTask> = {}, now = Date.UTC(2026, 6, 28)): StoredTask {
  return {
    taskId: 'AAAAAAAAAAAAAAAAAAAAAA',
    owner: 'alice',
    method: 'tools/call',
    target: 'deploy',
    arguments: { env: 'prod' },
    client: { capabilities: { elicitation: {} } },
    status: 'working',
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: 60_000,
    pollIntervalMs: 500,
    ...overrides,
  };
}

const ask = (message: string) => ({
  method: 'elicitation/create' as const,
  params: { mode: 'form' as const, message, requestedSchema: { type: 'object' as const, properties: {} } },
});

/**
 * The behaviour every `TaskStore` owes (see its doc comment), run against one implementation. `make`
 * builds a fresh, empty store on the given clock; `settle` waits for the store's change feed to deliver
 * (a shared store delivers asynchronously).
 */
export function describeTaskStoreContract(
  name: string,
  make: (clock: ContractClock) => Promise<TaskStore> | TaskStore,
  settle: () => Promise<void> = async () => {},
): void {
  describe(`${name}: the TaskStore contract`, () => {
    let clock: ContractClock;
    let store: TaskStore;
    beforeEach(async () => {
      clock = contractClock();
      store = await make(clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('finds a created task for its owner only; another owner reads it as unknown', async () => {
      await store.create(sampleTask({}, clock.now()), UNCAPPED);
      expect((await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice'))?.arguments).toEqual({ env: 'prod' });
      expect(await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'mallory')).toBeUndefined();
      expect(await store.get('BBBBBBBBBBBBBBBBBBBBBB', 'alice')).toBeUndefined();
      expect(await store.load('AAAAAAAAAAAAAAAAAAAAAA')).toBeDefined();
    });

    it('hands out copies: changing a returned record changes nothing stored', async () => {
      await store.create(sampleTask({}, clock.now()), UNCAPPED);
      const got = await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice');
      got!.status = 'completed';
      expect((await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice'))?.status).toBe('working');
    });

    it('forgets a task at createdAt + ttlMs, whatever its status', async () => {
      await store.create(sampleTask({ ttlMs: 1_000 }, clock.now()), UNCAPPED);
      clock.advance(999);
      expect(await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice')).toBeDefined();
      clock.advance(1);
      expect(await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice')).toBeUndefined();
      expect(await store.load('AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
      expect(await store.update('AAAAAAAAAAAAAAAAAAAAAA', { statusMessage: 'late' })).toBeUndefined();
      expect(await store.cancel('AAAAAAAAAAAAAAAAAAAAAA', 'alice')).toEqual({ kind: 'unknown' });
    });

    it('updates a live task and stamps lastUpdatedAt; a terminal task never changes again', async () => {
      await store.create(sampleTask({}, clock.now()), UNCAPPED);
      clock.advance(10);
      const updated = await store.update('AAAAAAAAAAAAAAAAAAAAAA', { statusMessage: 'half way' });
      expect(updated).toMatchObject({ statusMessage: 'half way', lastUpdatedAt: clock.now() });
      const done = await store.update('AAAAAAAAAAAAAAAAAAAAAA', {
        status: 'completed',
        result: { content: [{ type: 'text', text: 'ok' }] },
      });
      expect(done?.status).toBe('completed');
      expect(
        await store.update('AAAAAAAAAAAAAAAAAAAAAA', { status: 'failed', error: { code: -1, message: 'x' } }),
      ).toBe(undefined);
      expect((await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice'))?.status).toBe('completed');
    });

    it('records answers to outstanding keys only; the answer completing the set resumes, once', async () => {
      await store.create(sampleTask({}, clock.now()), UNCAPPED);
      await store.update('AAAAAAAAAAAAAAAAAAAAAA', {
        status: 'input_required',
        inputRequests: { first: ask('1?'), second: ask('2?') },
      });
      const partial = await store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { first: { action: 'accept' }, stray: 1 });
      expect(partial).toMatchObject({ kind: 'recorded', accepted: ['first'], resume: false });
      const afterPartial = await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice');
      expect(afterPartial?.status).toBe('input_required');
      expect(Object.keys(afterPartial?.inputRequests ?? {})).toEqual(['second']);
      expect(afterPartial?.inputResponses).toEqual({ first: { action: 'accept' } });

      const again = await store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { first: { action: 'decline' } });
      expect(again).toMatchObject({ kind: 'recorded', accepted: [], resume: false });

      const last = await store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { second: { action: 'accept' } });
      expect(last).toMatchObject({ kind: 'recorded', accepted: ['second'], resume: true });
      const resumed = await store.load('AAAAAAAAAAAAAAAAAAAAAA');
      expect(resumed?.status).toBe('working');
      expect(resumed?.inputRequests).toBeUndefined();
      expect(resumed?.inputResponses).toEqual({ first: { action: 'accept' }, second: { action: 'accept' } });

      expect((await store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { second: {} })).kind).toBe('not-waiting');
      expect(await store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'mallory', { second: {} })).toEqual({ kind: 'unknown' });
    });

    it('of concurrent answers completing the set, exactly one resumes', async () => {
      await store.create(sampleTask({}, clock.now()), UNCAPPED);
      await store.update('AAAAAAAAAAAAAAAAAAAAAA', {
        status: 'input_required',
        inputRequests: { a: ask('a?'), b: ask('b?') },
      });
      const outcomes = await Promise.all([
        store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { a: { action: 'accept' } }),
        store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { b: { action: 'accept' } }),
        store.answer('AAAAAAAAAAAAAAAAAAAAAA', 'alice', { a: { action: 'accept' }, b: { action: 'accept' } }),
      ]);
      expect(outcomes.filter((o) => o.kind === 'recorded' && o.resume)).toHaveLength(1);
    });

    it('a step drops the answers it consumed', async () => {
      await store.create(sampleTask({ inputResponses: { a: 1, b: 2 } }, clock.now()), UNCAPPED);
      const after = await store.update('AAAAAAAAAAAAAAAAAAAAAA', {
        consumedResponses: ['a'],
        progress: { seen: ['a'] },
      });
      expect(after?.inputResponses).toEqual({ b: 2 });
      expect(after?.progress).toEqual({ seen: ['a'] });
    });

    it('cancels a live task once; cancelling again, or a finished task, changes nothing', async () => {
      await store.create(sampleTask({}, clock.now()), UNCAPPED);
      expect((await store.cancel('AAAAAAAAAAAAAAAAAAAAAA', 'mallory')).kind).toBe('unknown');
      expect((await store.cancel('AAAAAAAAAAAAAAAAAAAAAA', 'alice')).kind).toBe('cancelled');
      expect((await store.cancel('AAAAAAAAAAAAAAAAAAAAAA', 'alice')).kind).toBe('already-terminal');
      expect(await store.update('AAAAAAAAAAAAAAAAAAAAAA', { status: 'completed', result: {} })).toBeUndefined();
      expect((await store.get('AAAAAAAAAAAAAAAAAAAAAA', 'alice'))?.status).toBe('cancelled');
    });

    it('tells watchers every committed change', async () => {
      const seen: string[] = [];
      const stop = store.watch((t) => seen.push(`${t.status}:${t.statusMessage ?? ''}`));
      await store.create(sampleTask({}, clock.now()), UNCAPPED);
      await store.update('AAAAAAAAAAAAAAAAAAAAAA', { statusMessage: 'step 1' });
      await store.cancel('AAAAAAAAAAAAAAAAAAAAAA', 'alice');
      await settle();
      stop();
      await store.update('AAAAAAAAAAAAAAAAAAAAAA', { statusMessage: 'unheard' });
      await settle();
      expect(seen).toEqual(['working:', 'working:step 1', 'cancelled:step 1']);
    });
    const id = (n: number) => `T${String(n).padStart(21, '0')}`;
    const taskOf = (n: number, owner = 'alice', more: Partial<StoredTask> = {}) =>
      sampleTask({ taskId: id(n), owner, ...more }, clock.now());

    it("refuses a task past its owner's cap or the total cap, writing nothing; expired tasks count for nothing", async () => {
      const caps = { caps: { perOwner: 2, total: 3 } };
      expect(await store.create(taskOf(1, 'alice', { ttlMs: 1_000 }), caps)).toEqual({ kind: 'created' });
      expect(await store.create(taskOf(2), caps)).toEqual({ kind: 'created' });
      expect(await store.create(taskOf(3), caps)).toEqual({ kind: 'over-cap', cap: 'perOwner' });
      expect(await store.load(id(3))).toBeUndefined();
      expect(await store.create(taskOf(4, 'mallory'), caps)).toEqual({ kind: 'created' });
      expect(await store.create(taskOf(5, 'bob'), caps)).toEqual({ kind: 'over-cap', cap: 'total' });
      expect(await store.load(id(5))).toBeUndefined();
      clock.advance(1_000); // alice's first task expires: a place for her, and in all
      expect(await store.create(taskOf(6), caps)).toEqual({ kind: 'created' });
      expect(await store.create(taskOf(7, 'bob'), caps)).toEqual({ kind: 'over-cap', cap: 'total' });
    });

    it('creates one task per idempotency name: the same digest answers it, another digest is refused', async () => {
      const named = (digest: string) => ({ ...UNCAPPED, idempotency: { name: 'name-1', digest } });
      expect(await store.create(taskOf(1, 'alice', { ttlMs: 1_000 }), named('args-a'))).toEqual({ kind: 'created' });
      await store.update(id(1), { statusMessage: 'running' });
      const again = await store.create(taskOf(2), named('args-a'));
      expect(again.kind).toBe('existing');
      expect(again.kind === 'existing' && again.task).toMatchObject({ taskId: id(1), statusMessage: 'running' });
      expect(await store.load(id(2))).toBeUndefined();
      expect(await store.create(taskOf(3), named('args-b'))).toEqual({ kind: 'key-reused' });
      expect(await store.load(id(3))).toBeUndefined();
      // another name is another task
      const other = { ...UNCAPPED, idempotency: { name: 'name-2', digest: 'args-a' } };
      expect(await store.create(taskOf(4), other)).toEqual({ kind: 'created' });
      // the name lasts as long as its task
      clock.advance(1_000);
      expect(await store.create(taskOf(5), named('args-b'))).toEqual({ kind: 'created' });
    });
  });
}
