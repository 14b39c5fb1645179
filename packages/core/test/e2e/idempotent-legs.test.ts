import { randomBytes } from 'node:crypto';
import { IsIn } from 'class-validator';
import {
  createApp,
  Ctx,
  Elicit,
  ExecutionContext,
  MemorySingleUseStore,
  Provider,
  RequestStateSecurity,
  silentLogger,
  Tool,
  type SingleUseStore,
} from '@tessera/core';
import { ProtocolError } from '@modelcontextprotocol/server';
import { sendRaw } from '@tessera/testing';
import { RunGate, watchClaims } from './support/run-gate';

class Choice {
  @IsIn(['a', 'b'])
  pick!: string;
}

const KEY_META = 'io.github.tessera-mcp/idempotencyKey';
const MARK_META = 'io.github.tessera-mcp/idempotentLegs';
const caps = { elicitation: {} };
const answer = { item: { action: 'accept', content: { pick: 'a' } } };
const K1 = 'leg-key-aaaaaaaaaaaaaaaa';
const K2 = 'leg-key-bbbbbbbbbbbbbbbb';

/** What each run of the final step saw: the side effect a resend must not repeat, and the key it was given. */
let runs: Array<string | undefined> = [];
/** Holds the final step while held, so a resend can arrive while it runs. */
let gate = new RunGate();

@Provider()
class Orders {
  @Tool()
  async order(
    @Elicit({ key: 'item', message: 'Which item?', schema: Choice }) item: Choice,
    @Ctx() ctx: ExecutionContext,
  ): Promise<string> {
    await gate.pass();
    runs.push(ctx.idempotencyKey);
    return `ordered ${item.pick} (run ${runs.length})`;
  }

  @Tool()
  refuse(@Elicit({ key: 'item', message: 'Which item?', schema: Choice }) item: Choice): string {
    runs.push(item.pick);
    throw new ProtocolError(-32602, `out of stock: ${item.pick}`, { item: item.pick });
  }
}

function server(store: SingleUseStore, legs?: { leaseMs: number; waitMs: number }) {
  return createApp({
    name: 'orders',
    version: '1',
    providers: [Orders],
    security: new RequestStateSecurity({ keys: [randomBytes(32)], singleUse: store, idempotentLegs: legs }) as never,
    logger: silentLogger,
  });
}

type App = ReturnType<typeof server>;

async function firstLeg(app: App) {
  return (await sendRaw(app, 'tools/call', { name: 'order', arguments: {} }, { capabilities: caps })).body.result!;
}

function finalLeg(app: App, requestState: string, key?: string, id = 2) {
  const meta = key === undefined ? {} : { _meta: { [KEY_META]: key } };
  return sendRaw(
    app,
    'tools/call',
    { name: 'order', arguments: {}, requestState, inputResponses: answer, ...meta },
    { capabilities: caps, id },
  );
}

beforeEach(() => {
  runs = [];
  gate = new RunGate();
});

describe('idempotent legs (single use with a store that records legs)', () => {
  test('the input_required result says the next leg is recorded under its key', async () => {
    const first = await firstLeg(server(new MemorySingleUseStore()));
    expect((first._meta as Record<string, unknown>)[MARK_META]).toBe(true);
  });

  test('turned off (idempotentLegs: false), nothing is said', async () => {
    const app = createApp({
      name: 'orders',
      version: '1',
      providers: [Orders],
      security: new RequestStateSecurity({
        keys: [randomBytes(32)],
        singleUse: new MemorySingleUseStore(),
        idempotentLegs: false,
      }) as never,
      logger: silentLogger,
    });
    const first = await firstLeg(app);
    expect((first._meta as Record<string, unknown> | undefined)?.[MARK_META]).toBeUndefined();
    const state = first.requestState as string;
    expect((await finalLeg(app, state, K1)).body.result).toBeDefined();
    expect((await finalLeg(app, state, K1, 3)).body.error?.data).toEqual({ reason: 'invalid_request_state' });
  });

  test('a resend with the same token and key gets the recorded answer, byte for byte, and the handler ran once', async () => {
    const app = server(new MemorySingleUseStore());
    const state = (await firstLeg(app)).requestState as string;
    const done = await finalLeg(app, state, K1);
    const again = await finalLeg(app, state, K1, 3);
    expect(done.body.result?.content).toEqual([{ type: 'text', text: 'ordered a (run 1)' }]);
    expect(JSON.stringify(again.body.result)).toBe(JSON.stringify(done.body.result));
    expect(runs).toEqual([K1]); // and the handler saw the key on its context
  });

  test('the same token with another key, or with none, is a replay: the fixed -32602', async () => {
    const app = server(new MemorySingleUseStore());
    const state = (await firstLeg(app)).requestState as string;
    await finalLeg(app, state, K1);
    expect((await finalLeg(app, state, K2, 3)).body.error?.data).toEqual({ reason: 'invalid_request_state' });
    expect((await finalLeg(app, state, undefined, 4)).body.error?.data).toEqual({ reason: 'invalid_request_state' });
    // and a token consumed without a key is not answered to a keyed resend either
    const other = (await firstLeg(app)).requestState as string;
    await finalLeg(app, other, undefined, 5);
    expect((await finalLeg(app, other, K1, 6)).body.error?.data).toEqual({ reason: 'invalid_request_state' });
    expect(runs).toEqual([K1, undefined]);
  });

  test('a resend that arrives while the first run is still going waits for it and gets its answer', async () => {
    const { store, running } = watchClaims(new MemorySingleUseStore());
    const app = server(store);
    const state = (await firstLeg(app)).requestState as string;
    gate.hold();
    const first = finalLeg(app, state, K1);
    await gate.reached(1);
    const resend = finalLeg(app, state, K1, 3);
    await running; // the resend found the first run going, and waits for it
    gate.open();
    const [a, b] = await Promise.all([first, resend]);
    expect(b.body.result).toEqual(a.body.result);
    expect(runs).toEqual([K1]);
  });

  test('a first run that outlasts the wait: the resend is answered -31503 leg_in_progress, retryable, and ran nothing', async () => {
    const app = server(new MemorySingleUseStore(), { leaseMs: 5000, waitMs: 200 });
    const state = (await firstLeg(app)).requestState as string;
    gate.hold();
    const first = finalLeg(app, state, K1);
    await gate.reached(1);
    const resend = await finalLeg(app, state, K1, 3);
    expect(resend.body.error?.code).toBe(-31503);
    expect(resend.body.error?.data).toEqual({ reason: 'leg_in_progress', retryAfterMs: 1000 });
    gate.open();
    await first;
    expect(JSON.stringify((await finalLeg(app, state, K1, 4)).body.result)).toBe(
      JSON.stringify((await first).body.result),
    );
    expect(runs).toEqual([K1]);
  });

  test('the first run lost its lease (its instance died): the resend runs the handler again, with the same key', async () => {
    // A store whose renewals never land: the first run's lease lapses as if its instance had died.
    const memory = new MemorySingleUseStore();
    const deaf: SingleUseStore = {
      consume: (n, u) => memory.consume(n, u),
      release: (n) => memory.release(n),
      claimLeg: (n, c) => memory.claimLeg(n, c),
      renewLeg: async () => true,
      finishLeg: (n, f) => memory.finishLeg(n, f),
    };
    const app = server(deaf, { leaseMs: 150, waitMs: 5000 });
    const state = (await firstLeg(app)).requestState as string;
    gate.hold();
    const stuck = finalLeg(app, state, K1); // held at the gate: the "dead" run
    await gate.reached(1);
    const resend = finalLeg(app, state, K1, 3); // waits for the lease to lapse, then runs
    await gate.reached(2);
    gate.open();
    const [dead, rerun] = await Promise.all([stuck, resend]);
    expect(runs).toEqual([K1, K1]); // at least once: both runs happened
    // the first answer recorded wins: a later resend gets it, whichever run wrote it
    const later = await finalLeg(app, state, K1, 4);
    expect([JSON.stringify(dead.body.result), JSON.stringify(rerun.body.result)]).toContain(
      JSON.stringify(later.body.result),
    );
  });

  test('a JSON-RPC error the handler answered is recorded too: the resend gets the same error, nothing runs again', async () => {
    const app = server(new MemorySingleUseStore());
    const first = await sendRaw(app, 'tools/call', { name: 'refuse', arguments: {} }, { capabilities: caps });
    const leg = (id: number) =>
      sendRaw(
        app,
        'tools/call',
        {
          name: 'refuse',
          arguments: {},
          requestState: first.body.result!.requestState,
          inputResponses: answer,
          _meta: { [KEY_META]: K1 },
        },
        { capabilities: caps, id },
      );
    const refused = await leg(2);
    expect(refused.body.error).toEqual({ code: -32602, message: 'out of stock: a', data: { item: 'a' } });
    expect((await leg(3)).body.error).toEqual(refused.body.error);
    expect(runs).toEqual(['a']);
  });

  test('a malformed key is refused with -32602 naming the field, before anything runs', async () => {
    const app = server(new MemorySingleUseStore());
    const state = (await firstLeg(app)).requestState as string;
    for (const bad of ['short', 'x'.repeat(129), 'has spaces in it, 16+ chars', 42]) {
      const r = await finalLeg(app, state, bad as string);
      expect(r.body.error?.code).toBe(-32602);
      expect(r.body.error?.message).toContain(`Invalid params for tool "order": _meta["${KEY_META}"]`);
    }
    expect(runs).toEqual([]);
    expect((await finalLeg(app, state, K1)).body.result).toBeDefined(); // the token was not spent
  });
});
