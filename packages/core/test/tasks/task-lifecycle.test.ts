import { IsString } from 'class-validator';
import { Args, createApp, Ctx, Elicit, Field, Provider, silentLogger, Tool, type ExecutionContext } from '../../src';
import { failure, request, result, TASKS, TASKS_AND_ELICIT, waitFor } from './support/task-requests';

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Jobs {
  static runs = 0;

  @Tool({ task: 'optional' })
  greet(@Args() args: Named): string {
    Jobs.runs++;
    return `Hello, ${args.name}!`;
  }

  @Tool({ task: 'required' })
  async slow(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.task!.status('started');
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, 10_000);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    });
    return 'never';
  }

  @Tool({ task: 'optional' })
  confirm(@Elicit({ key: 'ok', message: 'Sure?', schema: Named }) answer: Named): string {
    Jobs.runs++;
    return `confirmed by ${answer.name}`;
  }
}

const app = () =>
  createApp({ name: 'jobs', version: '1', providers: [Jobs], logger: silentLogger, tasks: { pollIntervalMs: 50 } });

describe('a task tool', () => {
  test('is advertised with the extension in discover', async () => {
    const a = app();
    const discover = await result(a, 'server/discover', {});
    expect(discover.capabilities.extensions).toEqual({ 'io.modelcontextprotocol/tasks': {} });
    expect(discover.capabilities.tasks).toBeUndefined();
    await a.close();
  });

  test('answers a task at once, then completes with the result inlined on tasks/get', async () => {
    const a = app();
    const created = await result(a, 'tools/call', { name: 'greet', arguments: { name: 'Ada' } });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000, pollIntervalMs: 50 });
    expect(created.taskId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Object.keys(created)).not.toContain('requestState');
    const done = await waitFor(a, created.taskId);
    expect(done).toMatchObject({
      resultType: 'complete',
      status: 'completed',
      result: { content: [{ type: 'text', text: 'Hello, Ada!' }] },
    });
    expect(Date.parse(done.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    await a.close();
  });

  test('optional runs inline for a client without the extension; required answers -32021 naming it', async () => {
    const a = app();
    const inline = await result(a, 'tools/call', { name: 'greet', arguments: { name: 'Bo' } }, {});
    expect(inline).toMatchObject({ content: [{ type: 'text', text: 'Hello, Bo!' }] });
    const refused = await failure(a, 'tools/call', { name: 'slow', arguments: {} }, {});
    expect(refused.code).toBe(-32021);
    expect(refused.data).toEqual({ requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } });
    await a.close();
  });

  test('cancel reaches the handler, settles cancelled, and a second cancel is the same ack', async () => {
    const a = app();
    const { taskId } = await result(a, 'tools/call', { name: 'slow', arguments: {} });
    const started = await waitFor(a, taskId, (t) => t.statusMessage === 'started');
    expect(started.status).toBe('working');
    expect(await result(a, 'tasks/cancel', { taskId })).toMatchObject({ resultType: 'complete' });
    expect((await waitFor(a, taskId)).status).toBe('cancelled');
    expect(await result(a, 'tasks/cancel', { taskId })).toMatchObject({ resultType: 'complete' });
    await a.close();
  });

  test('parks input_required with its question, resumes on tasks/update, runs the body once', async () => {
    const a = app();
    Jobs.runs = 0;
    const { taskId } = await result(a, 'tools/call', { name: 'confirm', arguments: {} }, TASKS_AND_ELICIT);
    const parked = await waitFor(a, taskId, (t) => t.status === 'input_required', TASKS_AND_ELICIT);
    expect(Object.keys(parked.inputRequests)).toEqual(['ok']);
    expect(parked.inputRequests.ok.method).toBe('elicitation/create');
    expect(Jobs.runs).toBe(0);
    const ack = await result(a, 'tasks/update', {
      taskId,
      inputResponses: { ok: { action: 'accept', content: { name: 'Cy' } } },
    });
    expect(ack).toMatchObject({ resultType: 'complete' });
    expect(ack.status).toBeUndefined();
    const done = await waitFor(a, taskId, undefined, TASKS_AND_ELICIT);
    expect(done.result.content[0].text).toBe('confirmed by Cy');
    expect(Jobs.runs).toBe(1);
    await a.close();
  });

  test('tasks/* without the extension answer -32021; an unknown id -32602', async () => {
    const a = app();
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel'])
      expect((await failure(a, method, { taskId: 'x', inputResponses: {} }, {})).code).toBe(-32021);
    expect((await failure(a, 'tasks/get', { taskId: 'AAAAAAAAAAAAAAAAAAAAAA' })).code).toBe(-32602);
    expect((await request(a, 'tasks/result', { taskId: 'x' })).body.error?.code).toBe(-32601);
    expect((await request(a, 'tasks/list', {})).body.error?.code).toBe(-32601);
    void TASKS;
    await a.close();
  });
});
