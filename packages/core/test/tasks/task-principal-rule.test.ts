import { IsString } from 'class-validator';
import {
  createApp,
  Elicit,
  Field,
  Provider,
  RequestStateSecurity,
  Tool,
  type ExecutionContext,
  type LogFields,
  type Logger,
  type TesseraApp,
} from '../../src';
import { listen, type HttpListener } from '../../src/node';
import { messagesOf } from './support/sse-messages';
import { failure, result, TASKS, TASKS_AND_ELICIT, waitFor } from './support/task-requests';

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Desk {
  @Tool({ task: 'required' })
  hello(@Elicit({ key: 'who', message: 'Who?', schema: Named }) who: Named): string {
    return `Hello, ${who.name}!`;
  }
}

/** What the rule was shown, each time it ran: the request's method, the context's method and tool. */
const shown: string[] = [];
const logged: Array<{ message: string; fields?: LogFields }> = [];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message, fields) => void logged.push({ message, fields }),
  error: (message, fields) => void logged.push({ message, fields }),
};

/** Two callers with no auth at all, told apart only by the header the rule reads. */
const tenantRule = (ctx: ExecutionContext): string | null => {
  shown.push(`${ctx.sdk.mcpReq.method} ${ctx.method} ${ctx.target}`);
  const tenant = ctx.sdk.http?.req?.headers.get('x-tenant') ?? null;
  if (tenant === 'broken') throw new Error('no such tenant directory');
  return tenant;
};
const tenant = (name: string) => ({ 'x-tenant': name });

function deskApp(): TesseraApp {
  return createApp({
    name: 'desk',
    version: '1',
    providers: [Desk],
    logger,
    security: RequestStateSecurity.ephemeral<ExecutionContext>({ bindPrincipal: tenantRule }),
  });
}

describe("a task is bound to its caller by the security policy's bindPrincipal rule", () => {
  let app: TesseraApp;
  beforeAll(() => (app = deskApp()));
  afterAll(() => app.close());
  beforeEach(() => {
    shown.length = 0;
    logged.length = 0;
  });

  test("another tenant's tasks/get, tasks/update and tasks/cancel are answered as for an unknown id", async () => {
    const { taskId } = await result(app, 'tools/call', { name: 'hello', arguments: {} }, TASKS_AND_ELICIT, tenant('a'));
    await waitFor(app, taskId, (t) => t.status === 'input_required', TASKS, tenant('a'));
    const unknown = await failure(app, 'tasks/get', { taskId: 'AAAAAAAAAAAAAAAAAAAAAA' }, TASKS, tenant('b'));
    const answer = { who: { action: 'accept', content: { name: 'Mallory' } } };
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      ['tasks/update', { taskId, inputResponses: answer }],
      ['tasks/cancel', { taskId }],
    ] as const) {
      expect(await failure(app, method, params, TASKS, tenant('b'))).toEqual(unknown);
      // no header at all is a caller of its own too
      expect(await failure(app, method, params, TASKS)).toEqual(unknown);
    }
    // the owner's task is untouched: still waiting, and answered by its own tenant
    await result(
      app,
      'tasks/update',
      { taskId, inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } } },
      TASKS,
      tenant('a'),
    );
    const done = await waitFor(app, taskId, undefined, TASKS, tenant('a'));
    expect(done.result.content[0].text).toBe('Hello, Ada!');
    // the rule saw the task's call (tools/call of 'hello') through each request about it
    expect(shown).toContain('tools/call tools/call hello');
    expect(shown).toContain('tasks/get tools/call hello');
    expect(shown).toContain('tasks/update tools/call hello');
    expect(shown).toContain('tasks/cancel tools/call hello');
  });

  test('a rule that throws: creating the task is the server’s error (logged), a later request finds no task', async () => {
    const refused = await failure(app, 'tools/call', { name: 'hello', arguments: {} }, TASKS, tenant('broken'));
    expect(refused.code).toBe(-32603);
    expect(refused.message).toMatch(/^Internal error \(ref [0-9a-f]{8}\)$/);
    expect(logged[0]).toMatchObject({ message: 'binding the task to its caller failed' });

    const { taskId } = await result(app, 'tools/call', { name: 'hello', arguments: {} }, TASKS, tenant('a'));
    const lost = await failure(app, 'tasks/get', { taskId }, TASKS, tenant('broken'));
    expect(lost).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Task not found \(unknown, expired, not yours, or lost by the task store\)/),
    });
    expect(logged[1]).toMatchObject({
      message: 'task owner rule failed: the request is answered as for an unknown task',
      fields: { method: 'tasks/get', target: 'hello', detail: 'Error: no such tenant directory' },
    });
    expect(JSON.stringify(logged)).not.toContain(taskId);
  });
});

describe.each([
  ['the fast path', true],
  ["the SDK's node adapter", false],
])('a task listen stream applies the same rule (%s)', (_label, fastPath) => {
  let app: TesseraApp;
  let listener: HttpListener;
  beforeAll(async () => {
    app = deskApp();
    listener = await listen(app, { port: 0, host: '127.0.0.1', fastPath });
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
  });

  const post = (who: string, method: string, params: Record<string, unknown>, id: number) =>
    fetch(listener.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        'x-tenant': who,
        ...(typeof params.name === 'string' && { 'mcp-name': params.name }),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'rule-test', version: '0' },
            'io.modelcontextprotocol/clientCapabilities': TASKS_AND_ELICIT,
          },
        },
      }),
    });

  test("the owner's stream hears the task change; another tenant's stream naming it hears nothing", async () => {
    const created = (await (await post('a', 'tools/call', { name: 'hello', arguments: {} }, 1)).json()) as {
      result: { taskId: string };
    };
    const taskId = created.result.taskId;
    await waitFor(app, taskId, (t) => t.status === 'input_required', TASKS, tenant('a'));
    const mine = messagesOf(await post('a', 'subscriptions/listen', { notifications: { taskIds: [taskId] } }, 2));
    const theirs = messagesOf(await post('b', 'subscriptions/listen', { notifications: { taskIds: [taskId] } }, 3));
    try {
      await mine.until((h) => h.length > 0);
      await theirs.until((h) => h.length > 0);
      await result(
        app,
        'tasks/update',
        { taskId, inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } } },
        TASKS,
        tenant('a'),
      );
      await mine.until((h) => h.some((m) => m.params?.status === 'completed'));
      expect(mine.heard.slice(1).every((m) => m.method === 'notifications/tasks')).toBe(true);
      expect(theirs.heard.map((m) => m.method)).toEqual(['notifications/subscriptions/acknowledged']);
      expect(shown).toContain('subscriptions/listen tools/call hello');
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
