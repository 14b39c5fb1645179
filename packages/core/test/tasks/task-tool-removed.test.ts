import { IsString } from 'class-validator';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, type TesseraApp } from '../../src';
import { result, TASKS_AND_ELICIT, waitFor } from './support/task-requests';

// Tasks of a tool removed or switched off while they live: a waiting task fails naming the tool at its next
// tasks/get or tasks/update (never left waiting), a running step finishes, and finished tasks keep answering.

class Named {
  @Field() @IsString() name!: string;
}

/** Lets a test hold a step inside its method, and know when it got there. */
function gate() {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (entered = resolve));
  return { open, entered, opened, reached };
}

let held = gate();

@Provider()
class Jobs {
  @Tool({ task: 'optional' })
  confirm(@Elicit({ key: 'ok', message: 'Sure?', schema: Named }) answer: Named): string {
    return `confirmed by ${answer.name}`;
  }

  @Tool({ task: 'optional' })
  pair(
    @Elicit({ key: 'first', message: 'First?', schema: Named }) first: Named,
    @Elicit({ key: 'second', message: 'Second?', schema: Named }) second: Named,
  ): string {
    return `${first.name} and ${second.name}`;
  }

  @Tool({ task: 'optional' })
  async hold(): Promise<string> {
    held.entered();
    await held.opened;
    return 'held and done';
  }
}

const GONE = {
  code: -32602,
  message:
    'Tool "confirm" is no longer served (removed or switched off while its task was in progress); the task cannot complete.',
};

const app = () =>
  createApp({ name: 'jobs', version: '1', providers: [Jobs], logger: silentLogger, tasks: { pollIntervalMs: 50 } });

const accept = (name: string) => ({ action: 'accept', content: { name } });

async function parked(a: TesseraApp, tool: string): Promise<string> {
  const { taskId } = await result(a, 'tools/call', { name: tool, arguments: {} }, TASKS_AND_ELICIT);
  await waitFor(a, taskId, (t) => t.status === 'input_required', TASKS_AND_ELICIT);
  return taskId;
}

describe('tasks of a removed or switched-off tool', () => {
  test('a waiting task of a removed tool fails at the next tasks/get, naming the tool', async () => {
    const a = app();
    const taskId = await parked(a, 'confirm');
    a.removeProvider(Jobs);
    const task = await result(a, 'tasks/get', { taskId }, TASKS_AND_ELICIT);
    expect(task).toMatchObject({ status: 'failed', error: GONE, statusMessage: GONE.message });
    expect(task.inputRequests).toBeUndefined();
    await a.close();
  });

  test('a waiting task fails when a partial answer comes by tasks/update', async () => {
    const a = app();
    const taskId = await parked(a, 'pair');
    a.removeProvider(Jobs);
    const ack = await result(a, 'tasks/update', { taskId, inputResponses: { first: accept('Ada') } });
    expect(ack).toMatchObject({ resultType: 'complete' });
    const task = await result(a, 'tasks/get', { taskId }, TASKS_AND_ELICIT);
    expect(task).toMatchObject({ status: 'failed', error: { message: expect.stringContaining('Tool "pair"') } });
    await a.close();
  });

  test('a switched-off tool: the last answer ends its task failed instead of running the method', async () => {
    const a = app();
    const taskId = await parked(a, 'confirm');
    a.tools.disable('confirm');
    await result(a, 'tasks/update', { taskId, inputResponses: { ok: accept('Bo') } });
    expect(await waitFor(a, taskId, undefined, TASKS_AND_ELICIT)).toMatchObject({ status: 'failed', error: GONE });
    // switched on again: new tasks run as before, the ended one stays failed
    a.tools.enable('confirm');
    const again = await parked(a, 'confirm');
    await result(a, 'tasks/update', { taskId: again, inputResponses: { ok: accept('Cy') } });
    expect((await waitFor(a, again, undefined, TASKS_AND_ELICIT)).result.content[0].text).toBe('confirmed by Cy');
    expect((await result(a, 'tasks/get', { taskId }, TASKS_AND_ELICIT)).status).toBe('failed');
    await a.close();
  });

  test('a step running when its tool is removed finishes, and finished tasks keep answering', async () => {
    const a = app();
    held = gate();
    const { taskId } = await result(a, 'tools/call', { name: 'hold', arguments: {} }, TASKS_AND_ELICIT);
    await held.reached;
    a.removeProvider(Jobs);
    held.open();
    const done = await waitFor(a, taskId, undefined, TASKS_AND_ELICIT);
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'held and done' }] } });
    expect(await result(a, 'tasks/get', { taskId }, TASKS_AND_ELICIT)).toEqual(done);
    await a.close();
  });
});
