import { IsString } from 'class-validator';
import { twoCallers } from './support/two-callers';
import { createApp, Elicit, Field, Principal, Provider, silentLogger, Tool, type PrincipalInfo } from '../../src';
import { failure, request, result, TASKS, TASKS_AND_ELICIT, waitFor } from './support/task-requests';

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Desk {
  static bodies = 0;

  @Tool({ task: 'optional' })
  whoami(@Principal() who: PrincipalInfo | undefined): string {
    return `you are ${who?.subject ?? 'nobody'}`;
  }

  @Tool({ task: 'optional' })
  pair(
    @Elicit({ key: 'first', message: 'First?', schema: Named }) first: Named,
    @Elicit({ key: 'second', message: 'Second?', schema: Named }) second: Named,
  ): string {
    Desk.bodies++;
    return `${first.name}+${second.name}`;
  }

  @Tool({ task: 'optional' })
  huge(): string {
    return 'x'.repeat(2048);
  }
}

const verifier = twoCallers('desk');
const as = (who: string) => ({ authorization: `Bearer ${who}-token` });

const app = (tasks = {}) =>
  createApp({ name: 'desk', version: '1', providers: [Desk], logger: silentLogger, tasks }, { auth: { verifier } });

async function parked(a: ReturnType<typeof app>, tool = 'pair') {
  const { taskId } = await result(a, 'tools/call', { name: tool, arguments: {} }, TASKS_AND_ELICIT, as('alice'));
  await waitFor(a, taskId, (t) => t.status === 'input_required', TASKS_AND_ELICIT, as('alice'));
  return taskId as string;
}

describe('task bad input', () => {
  test("another caller's get, update and cancel get the same answer as an unknown id", async () => {
    const a = app();
    const taskId = await parked(a);
    const unknown = await failure(a, 'tasks/get', { taskId: 'AAAAAAAAAAAAAAAAAAAAAA' }, TASKS, as('alice'));
    expect(unknown.code).toBe(-32602);
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      ['tasks/update', { taskId, inputResponses: { first: { action: 'accept', content: { name: 'M' } } } }],
      ['tasks/cancel', { taskId }],
    ] as const) {
      const foreign = await failure(a, method, params, TASKS, as('mallory'));
      expect(foreign).toEqual(unknown);
    }
    // none of them touched the task
    const task = await result(a, 'tasks/get', { taskId }, TASKS, as('alice'));
    expect(Object.keys(task.inputRequests).sort()).toEqual(['first', 'second']);
    await a.close();
  });

  test('a resumed step still knows its caller (the principal, without the token)', async () => {
    const a = app();
    const { taskId } = await result(a, 'tools/call', { name: 'whoami', arguments: {} }, TASKS, as('alice'));
    const done = await waitFor(a, taskId, undefined, TASKS, as('alice'));
    expect(done.result.content[0].text).toBe('you are alice');
    await a.close();
  });

  test('partial answers are acknowledged; tasks/get then shows only the pending key; the body runs once', async () => {
    const a = app();
    Desk.bodies = 0;
    const taskId = await parked(a);
    const ack = await result(
      a,
      'tasks/update',
      { taskId, inputResponses: { first: { action: 'accept', content: { name: 'A' } } } },
      TASKS,
      as('alice'),
    );
    expect(ack.resultType).toBe('complete');
    const still = await result(a, 'tasks/get', { taskId }, TASKS, as('alice'));
    expect(still.status).toBe('input_required');
    expect(Object.keys(still.inputRequests)).toEqual(['second']);
    await result(
      a,
      'tasks/update',
      { taskId, inputResponses: { second: { action: 'accept', content: { name: 'B' } } } },
      TASKS,
      as('alice'),
    );
    const done = await waitFor(a, taskId, undefined, TASKS, as('alice'));
    expect(done.result.content[0].text).toBe('A+B');
    expect(Desk.bodies).toBe(1);
    await a.close();
  });

  test('a bad answer is asked again under a new key (a key is never reused within a task)', async () => {
    const a = app();
    const taskId = await parked(a);
    await result(
      a,
      'tasks/update',
      {
        taskId,
        inputResponses: {
          first: { action: 'accept', content: { name: 42 } },
          second: { action: 'accept', content: { name: 'B' } },
        },
      },
      TASKS,
      as('alice'),
    );
    const again = await waitFor(
      a,
      taskId,
      (t) => t.status === 'input_required' && 'first~2' in t.inputRequests,
      TASKS,
      as('alice'),
    );
    expect(Object.keys(again.inputRequests)).toEqual(['first~2']);
    // the old key is no longer outstanding: an answer to it is ignored
    await result(
      a,
      'tasks/update',
      { taskId, inputResponses: { first: { action: 'accept', content: { name: 'X' } } } },
      TASKS,
      as('alice'),
    );
    expect(Object.keys((await result(a, 'tasks/get', { taskId }, TASKS, as('alice'))).inputRequests)).toEqual([
      'first~2',
    ]);
    await result(
      a,
      'tasks/update',
      { taskId, inputResponses: { 'first~2': { action: 'accept', content: { name: 'A' } } } },
      TASKS,
      as('alice'),
    );
    expect((await waitFor(a, taskId, undefined, TASKS, as('alice'))).result.content[0].text).toBe('A+B');
    await a.close();
  });

  test('unknown keys are acknowledged and ignored; an update of a completed task changes nothing', async () => {
    const a = app();
    const taskId = await parked(a);
    await result(a, 'tasks/update', { taskId, inputResponses: { nope: { action: 'accept' } } }, TASKS, as('alice'));
    expect((await result(a, 'tasks/get', { taskId }, TASKS, as('alice'))).status).toBe('input_required');
    const answers = {
      first: { action: 'accept', content: { name: 'A' } },
      second: { action: 'accept', content: { name: 'B' } },
    };
    await result(a, 'tasks/update', { taskId, inputResponses: answers }, TASKS, as('alice'));
    const done = await waitFor(a, taskId, undefined, TASKS, as('alice'));
    const late = await result(a, 'tasks/update', { taskId, inputResponses: answers }, TASKS, as('alice'));
    expect(late.resultType).toBe('complete');
    expect(await result(a, 'tasks/get', { taskId }, TASKS, as('alice'))).toEqual(done);
    await a.close();
  });

  test('malformed, oversized or too many inputResponses are refused with -32602 naming the field', async () => {
    const a = app();
    const taskId = await parked(a);
    const send = (inputResponses: unknown) =>
      failure(a, 'tasks/update', { taskId, inputResponses }, TASKS, as('alice'));
    expect((await send(undefined)).message).toMatch(/params\.inputResponses must be an object/);
    expect((await send({ first: 'yes' })).message).toMatch(/inputResponses\["first"\] must each be a bare result/);
    const wrapped = { second: { method: 'elicitation/create', result: { action: 'accept' } } };
    expect((await send(wrapped)).message).toMatch(/inputResponses\["second"\]/);
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, {}]));
    expect((await send(many)).message).toMatch(/at most 64 inputResponses/);
    const big = { first: { action: 'accept', content: { name: 'x'.repeat(1024 * 1024) } } };
    expect((await send(big)).message).toMatch(/over the limit of 1048576/);
    expect((await failure(a, 'tasks/get', { taskId: 7 }, TASKS, as('alice'))).message).toMatch(
      /taskId must be a string/,
    );
    // the task still waits, untouched
    expect((await result(a, 'tasks/get', { taskId }, TASKS, as('alice'))).status).toBe('input_required');
    await a.close();
  });

  test('inputResponses that is an array, null or a string is refused with -32602 naming the field', async () => {
    const a = app();
    const taskId = await parked(a);
    for (const [raw, got] of [
      [[{ action: 'accept', content: { name: 'A' } }], 'an array'],
      [null, 'null'],
      ['first', 'string'],
    ] as const) {
      const refused = await failure(a, 'tasks/update', { taskId, inputResponses: raw }, TASKS, as('alice'));
      expect(refused).toEqual({
        code: -32602,
        message: `tasks/update: params.inputResponses must be an object keyed like the inputRequests it answers; got ${got}.`,
      });
    }
    const task = await result(a, 'tasks/get', { taskId }, TASKS, as('alice'));
    expect(task.status).toBe('input_required');
    expect(Object.keys(task.inputRequests).sort()).toEqual(['first', 'second']);
    await a.close();
  });

  test('a result over the task result limit fails the task, saying so', async () => {
    const a = createApp(
      { name: 'desk', version: '1', providers: [Desk], logger: silentLogger, tasks: { maxResultBytes: 1024 } },
      { auth: { verifier } },
    );
    const { taskId } = await result(a, 'tools/call', { name: 'huge', arguments: {} }, TASKS, as('alice'));
    const failed = await waitFor(a, taskId, undefined, TASKS, as('alice'));
    expect(failed.status).toBe('failed');
    expect(failed.error.message).toMatch(/over the task result limit of 1024 bytes \(tasks\.maxResultBytes\)/);
    expect(failed.result).toBeUndefined();
    await a.close();
  });

  test('a task is gone at its TTL: tasks/get then answers not found (fake clock)', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'setTimeout', 'setInterval', 'nextTick', 'queueMicrotask'] });
    try {
      jest.setSystemTime(Date.UTC(2026, 6, 28, 12));
      const a = app({ ttlMs: 60_000 });
      const { taskId, ttlMs } = await result(a, 'tools/call', { name: 'whoami', arguments: {} }, TASKS, as('alice'));
      expect(ttlMs).toBe(60_000);
      await waitFor(a, taskId, undefined, TASKS, as('alice'));
      jest.setSystemTime(Date.UTC(2026, 6, 28, 12, 0, 59));
      expect((await result(a, 'tasks/get', { taskId }, TASKS, as('alice'))).status).toBe('completed');
      jest.setSystemTime(Date.UTC(2026, 6, 28, 12, 1, 1));
      expect((await failure(a, 'tasks/get', { taskId }, TASKS, as('alice'))).code).toBe(-32602);
      expect((await failure(a, 'tasks/cancel', { taskId }, TASKS, as('alice'))).code).toBe(-32602);
      await a.close();
    } finally {
      jest.useRealTimers();
    }
  });

  test('settings out of range are refused at createApp, naming the field', () => {
    expect(() => app({ ttlMs: 0 })).toThrow(/tasks\.ttlMs must be a positive integer/);
    expect(() => app({ pollIntervalMs: 1.5 })).toThrow(/tasks\.pollIntervalMs must be a positive integer/);
  });

  test('a non-task request shape: no requestState ever appears on the task surface', async () => {
    const a = app();
    const created = await request(a, 'tools/call', { name: 'pair', arguments: {} }, TASKS_AND_ELICIT, as('alice'));
    expect(created.body.result).not.toHaveProperty('requestState');
    const taskId = (created.body.result as { taskId: string }).taskId;
    const got = await waitFor(a, taskId, (t) => t.status === 'input_required', TASKS, as('alice'));
    expect(got).not.toHaveProperty('requestState');
    await a.close();
  });
});
