import { inputRequired, type CallToolResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import { createApp, Ctx, Provider, silentLogger, Tool, type ExecutionContext } from '../../src';
import { MemoryTaskStore } from '../../src/advanced';
import { result, waitFor } from './support/task-requests';

const CAPS = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };

@Provider()
class Direct {
  static runs = 0;

  @Tool({ task: 'required', returnsInputRequired: true })
  hello(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    Direct.runs++;
    const answer = ctx.inputResponses?.user_name as { action?: string; content?: { name?: string } } | undefined;
    if (answer?.action !== 'accept' || typeof answer.content?.name !== 'string')
      return inputRequired({
        inputRequests: {
          user_name: {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Name?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            },
          },
        },
        requestState: 'round-1',
      });
    return { content: [{ type: 'text', text: `Hello, ${answer.content.name} (state ${String(ctx.requestState)})` }] };
  }
}

test('a direct-form task tool: multi-round-trip before the task, then its result as a task, run once per round', async () => {
  const a = createApp({ name: 'direct', version: '1', providers: [Direct], logger: silentLogger });
  Direct.runs = 0;
  const first = await result(a, 'tools/call', { name: 'hello', arguments: {} }, CAPS);
  expect(first.resultType).toBe('input_required');
  expect(first).not.toHaveProperty('taskId');
  expect(typeof first.requestState).toBe('string');
  const second = await result(
    a,
    'tools/call',
    {
      name: 'hello',
      arguments: {},
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
      requestState: first.requestState,
    },
    CAPS,
  );
  expect(second.resultType).toBe('task');
  expect(second).not.toHaveProperty('requestState');
  expect(second).not.toHaveProperty('inputRequests');
  const done = await waitFor(a, second.taskId as string, undefined, CAPS);
  expect(done.result.content[0].text).toBe('Hello, Alice (state round-1)');
  await a.close(); // waits for every step in flight: a run after the result would be counted by now
  expect(Direct.runs).toBe(2);
});

test("a direct-form task tool's last round resent with its idempotency key is answered with the same task", async () => {
  const store = new MemoryTaskStore();
  const a = createApp({ name: 'direct', version: '1', providers: [Direct], logger: silentLogger, tasks: { store } });
  const first = await result(a, 'tools/call', { name: 'hello', arguments: {} }, CAPS);
  const last = {
    name: 'hello',
    arguments: {},
    inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
    requestState: first.requestState,
    _meta: { 'io.github.tessera-mcp/idempotencyKey': 'last-round-key-aaaaaaaa' },
  };
  const sent = await result(a, 'tools/call', last, CAPS);
  const resent = await result(a, 'tools/call', last, CAPS);
  expect(resent.taskId).toBe(sent.taskId);
  expect(store.size).toBe(1);
  await a.close();
});
