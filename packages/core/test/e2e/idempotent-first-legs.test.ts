import { randomBytes } from 'node:crypto';
import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import {
  Args,
  createApp,
  Ctx,
  Elicit,
  ExecutionContext,
  MemorySingleUseStore,
  Provider,
  RequestStateSecurity,
  silentLogger,
  Tool,
  UseGuards,
  type Guard,
  type SingleUseStore,
} from '@tessera/core';
import { createLowLevelServer } from '@tessera/core/advanced';
import { sendRaw } from '@tessera/testing';
import { RunGate, watchClaims } from './support/run-gate';

const KEY_META = 'io.github.tessera-mcp/idempotencyKey';
const K1 = 'call-key-aaaaaaaaaaaaaaaa';
const K2 = 'call-key-bbbbbbbbbbbbbbbb';

/** Each run of a tool's body: the side effect a resend must not repeat. */
let runs: string[] = [];
/** Holds `charge` while held, so a resend can arrive while it runs. */
let gate = new RunGate();
let guardOpen = true;

const openWhenAllowed: Guard = { canActivate: () => guardOpen };

class Amount {
  @IsInt()
  amount!: number;

  @IsOptional()
  @IsString()
  who?: string;
}

class Confirmation {
  @IsIn(['yes', 'no'])
  confirm!: string;
}

@Provider()
class Payments {
  @Tool()
  confirmCharge(
    @Args() args: Amount,
    @Elicit({ key: 'ok', message: 'Charge?', schema: Confirmation }) ok: Confirmation,
  ): string {
    runs.push(`confirmed ${args.amount} ${ok.confirm}`);
    return `confirmed ${args.amount}`;
  }

  @Tool()
  async charge(@Args() args: Amount, @Ctx() ctx: ExecutionContext): Promise<string> {
    await gate.pass();
    runs.push(`charge ${args.amount} ${ctx.idempotencyKey}`);
    return `charged ${args.amount} (run ${runs.length})`;
  }

  @Tool()
  refund(@Args() args: Amount): string {
    runs.push(`refund ${args.amount}`);
    return `refunded ${args.amount}`;
  }

  @Tool({ annotations: { idempotentHint: true } })
  setLimit(@Args() args: Amount): string {
    runs.push(`limit ${args.amount}`);
    return `limit ${args.amount}`;
  }

  @Tool({ annotations: { readOnlyHint: true } })
  balance(): string {
    runs.push('balance');
    return 'balance 0';
  }

  @Tool()
  @UseGuards(openWhenAllowed)
  guarded(@Args() args: Amount): string {
    runs.push(`guarded ${args.amount}`);
    return `guarded ${args.amount}`;
  }
}

function server(
  store?: SingleUseStore,
  legs?: { leaseMs?: number; waitMs?: number; firstLegWindowMs?: number },
  clock?: () => number,
) {
  return createApp({
    name: 'payments',
    version: '1',
    providers: [Payments],
    security: new RequestStateSecurity({
      keys: [randomBytes(32)],
      ...(clock !== undefined && { clock }),
      ...(store !== undefined && { singleUse: store, idempotentLegs: legs }),
    }) as never,
    logger: silentLogger,
  });
}

type App = ReturnType<typeof server>;

function call(app: App, name: string, args: Record<string, unknown>, key?: string, id = 1) {
  const meta = key === undefined ? {} : { _meta: { [KEY_META]: key } };
  return sendRaw(app, 'tools/call', { name, arguments: args, ...meta }, { id });
}

beforeEach(() => {
  runs = [];
  gate = new RunGate();
  guardOpen = true;
});

describe('idempotent first legs (a tools/call carrying no requestState, on a server recording legs)', () => {
  test('a resend with the same key and arguments gets the recorded answer byte for byte; the tool ran once', async () => {
    const app = server(new MemorySingleUseStore());
    const first = await call(app, 'charge', { amount: 5 }, K1);
    const again = await call(app, 'charge', { amount: 5 }, K1, 2);
    expect(first.body.result?.content).toEqual([{ type: 'text', text: 'charged 5 (run 1)' }]);
    expect(JSON.stringify(again.body.result)).toBe(JSON.stringify(first.body.result));
    expect(runs).toEqual([`charge 5 ${K1}`]);
  });

  test('the same key with other arguments is refused with -32602 naming the key; nothing runs', async () => {
    const app = server(new MemorySingleUseStore());
    await call(app, 'charge', { amount: 5 }, K1);
    const reused = await call(app, 'charge', { amount: 6 }, K1, 2);
    expect(reused.body.error?.code).toBe(-32602);
    expect(reused.body.error?.message).toBe(
      `Invalid params for tool "charge": _meta["${KEY_META}"] "${K1}" was already used for this tool with other arguments; a new call needs a new key`,
    );
    expect(reused.body.error?.data).toEqual({ field: `_meta.${KEY_META}` });
    expect(runs).toEqual([`charge 5 ${K1}`]);
  });

  test('the record is scoped to the tool: the same key on another tool is another call', async () => {
    const app = server(new MemorySingleUseStore());
    await call(app, 'charge', { amount: 5 }, K1);
    expect((await call(app, 'refund', { amount: 5 }, K1, 2)).body.result).toBeDefined();
    expect(runs).toEqual([`charge 5 ${K1}`, 'refund 5']);
  });

  test('tools hinted idempotentHint or readOnlyHint, calls without a key, a server without a store: run as before', async () => {
    const app = server(new MemorySingleUseStore());
    for (const id of [1, 2]) {
      await call(app, 'setLimit', { amount: 1 }, K1, id);
      await call(app, 'balance', {}, K2, id);
      await call(app, 'charge', { amount: 7 }, undefined, id);
    }
    const plain = server();
    await call(plain, 'charge', { amount: 8 }, K1);
    await call(plain, 'charge', { amount: 8 }, K1, 2);
    expect(runs).toEqual([
      'limit 1',
      'balance',
      'charge 7 undefined',
      'limit 1',
      'balance',
      'charge 7 undefined',
      `charge 8 ${K1}`,
      `charge 8 ${K1}`,
    ]);
  });

  test('a resend while the first run is still going waits for it and gets its answer', async () => {
    const { store, running } = watchClaims(new MemorySingleUseStore());
    const app = server(store);
    gate.hold();
    const first = call(app, 'charge', { amount: 5 }, K1);
    await gate.reached(1);
    const resend = call(app, 'charge', { amount: 5 }, K1, 2);
    await running; // the resend found the first run going, and waits for it
    gate.open();
    const [a, b] = await Promise.all([first, resend]);
    expect(b.body.result).toEqual(a.body.result);
    expect(runs).toEqual([`charge 5 ${K1}`]);
  });

  test('a first run that lost its lease (its instance died): the resend runs the tool again, with the same key', async () => {
    const memory = new MemorySingleUseStore();
    const deaf: SingleUseStore = {
      consume: (n, u) => memory.consume(n, u),
      release: (n) => memory.release(n),
      claimLeg: (n, c) => memory.claimLeg(n, c),
      renewLeg: async () => true, // renewals never land: the lease lapses as if the instance had died
      finishLeg: (n, f) => memory.finishLeg(n, f),
    };
    const app = server(deaf, { leaseMs: 150, waitMs: 5000 });
    gate.hold();
    const stuck = call(app, 'charge', { amount: 5 }, K1);
    await gate.reached(1);
    const resend = call(app, 'charge', { amount: 5 }, K1, 2); // waits for the lease to lapse, then runs
    await gate.reached(2);
    gate.open();
    await Promise.all([stuck, resend]);
    expect(runs).toEqual([`charge 5 ${K1}`, `charge 5 ${K1}`]);
  });

  test('a call refused before its tool ran leaves no record: its resend runs at once', async () => {
    const app = server(new MemorySingleUseStore(), { leaseMs: 60_000, waitMs: 60_000 });
    guardOpen = false;
    expect((await call(app, 'guarded', { amount: 1 }, K1)).body.result?.isError).toBe(true); // the guard's refusal
    guardOpen = true;
    expect((await call(app, 'guarded', { amount: 1 }, K1, 2)).body.result?.content).toEqual([
      { type: 'text', text: 'guarded 1' },
    ]);
    expect(runs).toEqual(['guarded 1']);
  });

  test('the record lasts firstLegWindowMs: a resend after it runs the tool again', async () => {
    let later = 0; // how far the server's clock runs ahead of the real one
    const clock = () => Date.now() + later;
    const app = server(new MemorySingleUseStore(clock), { firstLegWindowMs: 200 }, clock);
    await call(app, 'charge', { amount: 5 }, K1);
    await call(app, 'charge', { amount: 5 }, K1, 2);
    later = 400; // past the window
    await call(app, 'charge', { amount: 5 }, K1, 3);
    expect(runs).toEqual([`charge 5 ${K1}`, `charge 5 ${K1}`]);
  });

  test('a store that does not answer refuses the call as retryable -31503 store_unavailable; nothing runs', async () => {
    const memory = new MemorySingleUseStore();
    const down: SingleUseStore = {
      consume: (n, u) => memory.consume(n, u),
      claimLeg: async () => {
        throw new Error('ECONNREFUSED');
      },
      renewLeg: (n, r) => memory.renewLeg(n, r),
      finishLeg: (n, f) => memory.finishLeg(n, f),
    };
    const app = server(down);
    const refused = await call(app, 'charge', { amount: 5 }, K1);
    expect(refused.body.error?.code).toBe(-31503);
    expect(refused.body.error?.data).toEqual({ reason: 'store_unavailable', retryAfterMs: 1000 });
    expect((await call(app, 'balance', {}, K1, 2)).body.result).toBeDefined(); // a read needs no record
    expect(runs).toEqual(['balance']);
  });

  test('a first leg that asks is recorded too: its resend gets the same question and state, which then completes', async () => {
    const app = server(new MemorySingleUseStore());
    const ask = (id: number) =>
      sendRaw(
        app,
        'tools/call',
        { name: 'confirmCharge', arguments: { amount: 3 }, _meta: { [KEY_META]: K1 } },
        { id, capabilities: { elicitation: {} } },
      );
    const first = await ask(1);
    const again = await ask(2);
    expect(first.body.result?.requestState).toEqual(expect.any(String));
    expect(JSON.stringify(again.body.result)).toBe(JSON.stringify(first.body.result));
    const done = await sendRaw(
      app,
      'tools/call',
      {
        name: 'confirmCharge',
        arguments: { amount: 3 },
        requestState: again.body.result!.requestState,
        inputResponses: { ok: { action: 'accept', content: { confirm: 'yes' } } },
        _meta: { [KEY_META]: K2 },
      },
      { id: 3, capabilities: { elicitation: {} } },
    );
    expect(done.body.result?.content).toEqual([{ type: 'text', text: 'confirmed 3' }]);
    expect(runs).toEqual(['confirmed 3 yes']);
  });

  test('the record is scoped to the caller: another principal with the same key is another call', async () => {
    const app = createApp({
      name: 'payments',
      version: '1',
      providers: [Payments],
      security: new RequestStateSecurity({
        keys: [randomBytes(32)],
        singleUse: new MemorySingleUseStore(),
        bindPrincipal: (ctx) => String((ctx as ExecutionContext).arguments.who ?? ''),
      }) as never,
      logger: silentLogger,
    });
    await call(app as App, 'refund', { amount: 1, who: 'ann' }, K1);
    await call(app as App, 'refund', { amount: 1, who: 'ann' }, K1, 2);
    // bob's call differs in arguments too: under ann's record it would be refused as a reused key
    expect((await call(app as App, 'refund', { amount: 1, who: 'bob' }, K1, 3)).body.result).toBeDefined();
    expect(runs).toEqual(['refund 1', 'refund 1']);
  });

  test('a low-level server records its plain calls the same way, honouring each tool listed hints', async () => {
    const low = createLowLevelServer({
      name: 'low',
      version: '1',
      tools: [
        { name: 'pay', inputSchema: { type: 'object' } },
        { name: 'look', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      ],
      callTool: (name) => {
        runs.push(name);
        return { content: [{ type: 'text', text: `${name} ${runs.length}` }] };
      },
      logger: silentLogger,
      requestState: new RequestStateSecurity({ keys: [randomBytes(32)], singleUse: new MemorySingleUseStore() }),
    });
    for (const id of [1, 2]) {
      await sendRaw(low, 'tools/call', { name: 'pay', arguments: {}, _meta: { [KEY_META]: K1 } }, { id });
      await sendRaw(low, 'tools/call', { name: 'look', arguments: {}, _meta: { [KEY_META]: K1 } }, { id });
    }
    expect(runs).toEqual(['pay', 'look', 'look']);
  });
});
