import { randomBytes } from 'node:crypto';
import { IsInt, IsString } from 'class-validator';
import {
  Args,
  createApp,
  Ctx,
  Elicit,
  Field,
  MemorySingleUseStore,
  Provider,
  RequestStateSecurity,
  silentLogger,
  Tool,
  UseGuards,
  type ExecutionContext,
  type Guard,
} from '../../src';
import { MemoryTaskStore } from '../../src/advanced';
import { failure, request, result, TASKS, TASKS_AND_ELICIT, waitFor } from './support/task-requests';

const KEY_META = 'io.github.tessera-mcp/idempotencyKey';
const K1 = 'task-key-aaaaaaaaaaaaaaaa';

class Amount {
  @Field() @IsInt() amount!: number;
}

class Named {
  @Field() @IsString() name!: string;
}

/** Every step's view of the key, as a guard (it runs in each step) and the body see it. */
let seen: string[] = [];
const recordsKey: Guard = {
  canActivate: (ctx) => {
    seen.push(`guard ${ctx.idempotencyKey}`);
    return true;
  },
};

@Provider()
class Payments {
  @Tool({ task: 'optional' })
  charge(@Args() args: Amount, @Ctx() ctx: ExecutionContext): string {
    seen.push(`charge ${args.amount} ${ctx.idempotencyKey}`);
    return `charged ${args.amount}`;
  }

  @Tool()
  plainCharge(@Args() args: Amount): string {
    seen.push(`plain ${args.amount}`);
    return `charged ${args.amount}`;
  }

  @Tool({ task: 'optional' })
  @UseGuards(recordsKey)
  confirm(@Elicit({ key: 'who', message: 'Who?', schema: Named }) who: Named, @Ctx() ctx: ExecutionContext): string {
    seen.push(`confirm ${who.name} ${ctx.idempotencyKey}`);
    return `confirmed by ${who.name}`;
  }
}

function app(store = new MemoryTaskStore()) {
  const a = createApp({
    name: 'payments',
    version: '1',
    providers: [Payments],
    logger: silentLogger,
    // plain calls record their first legs (single use), so their refusals can be compared
    security: new RequestStateSecurity({ keys: [randomBytes(32)], singleUse: new MemorySingleUseStore() }) as never,
    tasks: { store },
  });
  return { a, store };
}

const call = (name: string, args: Record<string, unknown>, key?: unknown) => ({
  name,
  arguments: args,
  ...(key === undefined ? {} : { _meta: { [KEY_META]: key } }),
});

beforeEach(() => {
  seen = [];
});

describe('the idempotency key of a task-creating tools/call', () => {
  test('the same key and arguments answer the same task; the body runs once', async () => {
    const { a, store } = app();
    const first = await result(a, 'tools/call', call('charge', { amount: 5 }, K1));
    await waitFor(a, first.taskId);
    const again = await result(a, 'tools/call', call('charge', { amount: 5 }, K1));
    expect(again).toMatchObject({ resultType: 'task', taskId: first.taskId, status: 'completed' });
    expect(store.size).toBe(1);
    expect(seen).toEqual([`charge 5 ${K1}`]);
    // without a key, each call is a task of its own
    const [x, y] = await Promise.all([1, 2].map(() => result(a, 'tools/call', call('charge', { amount: 5 }))));
    expect(x.taskId).not.toBe(y.taskId);
    await a.close();
  });

  test("the same key with other arguments gets a plain call's refusal; no task is stored", async () => {
    const { a, store } = app();
    await result(a, 'tools/call', call('charge', { amount: 5 }, K1));
    const reused = await failure(a, 'tools/call', call('charge', { amount: 6 }, K1));
    await result(a, 'tools/call', call('plainCharge', { amount: 5 }, K1), {});
    const plain = await failure(a, 'tools/call', call('plainCharge', { amount: 6 }, K1), {});
    expect(plain.message).toMatch(/was already used for this tool with other arguments/);
    expect(reused).toEqual({ ...plain, message: plain.message.replace('"plainCharge"', '"charge"') });
    expect(store.size).toBe(1);
    await a.close();
  });

  test('a malformed key is refused with -32602 naming the field, as on a plain tool; nothing is stored', async () => {
    const { a, store } = app();
    for (const bad of ['short', 'x'.repeat(129), 'has spaces in it ok?', 42]) {
      const onTask = await failure(a, 'tools/call', call('charge', { amount: 5 }, bad));
      const onPlain = await failure(a, 'tools/call', call('plainCharge', { amount: 5 }, bad), {});
      expect(onTask.code).toBe(-32602);
      expect(onTask).toEqual({ ...onPlain, message: onPlain.message.replace('"plainCharge"', '"charge"') });
    }
    expect(store.size).toBe(0);
    expect(seen).toEqual([]);
    await a.close();
  });

  test('every step of the task sees ctx.idempotencyKey: the one that asks and the one that runs the body', async () => {
    const { a } = app();
    const { taskId } = await result(a, 'tools/call', call('confirm', {}, K1), TASKS_AND_ELICIT);
    await waitFor(a, taskId, (t) => t.status === 'input_required', TASKS_AND_ELICIT);
    expect(seen).toEqual([`guard ${K1}`]);
    await result(a, 'tasks/update', {
      taskId,
      inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect((await waitFor(a, taskId)).status).toBe('completed');
    expect(seen).toEqual([`guard ${K1}`, `guard ${K1}`, `confirm Ada ${K1}`]);
    await a.close();
  });

  test('a resend while the first task still runs answers it too (the key is held from creation)', async () => {
    const { a, store } = app();
    const sent = await Promise.all(
      [1, 2, 3].map(() => request(a, 'tools/call', call('charge', { amount: 7 }, K1), TASKS)),
    );
    const ids = new Set(sent.map((r) => (r.body.result as { taskId: string }).taskId));
    expect(ids.size).toBe(1);
    await waitFor(a, [...ids][0]);
    expect(store.size).toBe(1);
    expect(seen).toEqual([`charge 7 ${K1}`]);
    await a.close();
  });
});
