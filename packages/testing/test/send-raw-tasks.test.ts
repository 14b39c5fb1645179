import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { sendRaw } from '@tessera/testing';

// The task methods carry their task id in `Mcp-Name` over HTTP: sendRaw sets it as it sets a tool's name.

@Provider()
class Jobs {
  @Tool({ task: 'optional' })
  wait(): Promise<string> {
    return new Promise((resolve) => setTimeout(() => resolve('done'), 200));
  }
}

const TASKS = { capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } };

test('tasks/get and tasks/cancel sent raw reach the task, not a -32020 header refusal', async () => {
  const app = createApp({ name: 'jobs', version: '1', providers: [Jobs], logger: silentLogger });
  try {
    const created = await sendRaw(app, 'tools/call', { name: 'wait', arguments: {} }, TASKS);
    const taskId = created.body.result!.taskId as string;
    expect(created.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    const got = await sendRaw(app, 'tasks/get', { taskId }, { ...TASKS, id: 2 });
    expect(got.body.error).toBeUndefined();
    expect(got.body.result).toMatchObject({ taskId, status: 'working' });
    const cancelled = await sendRaw(app, 'tasks/cancel', { taskId }, { ...TASKS, id: 3 });
    expect(cancelled.body.error).toBeUndefined();
    expect(cancelled.body.result).toMatchObject({ resultType: 'complete' });
  } finally {
    await app.close();
  }
});

test('an Mcp-Name given in headers still wins, to send a mismatch on purpose', async () => {
  const app = createApp({ name: 'jobs', version: '1', providers: [Jobs], logger: silentLogger });
  try {
    const got = await sendRaw(app, 'tasks/get', { taskId: 'abc' }, { ...TASKS, headers: { 'mcp-name': 'other' } });
    expect(got.body.error).toMatchObject({ code: -32020 });
  } finally {
    await app.close();
  }
});
