import { IsString } from 'class-validator';
import { messagesOf } from './support/sse-messages';
import { twoCallers } from './support/two-callers';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, type TesseraApp } from '../../src';
import { listen, type HttpListener } from '../../src/node';

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Greeter {
  @Tool({ task: 'required' })
  hello(
    @Elicit({ key: 'who', message: 'Who?', schema: Named }) who: Named,
    @Elicit({ key: 'title', after: ['who'], message: 'Title?', schema: Named }) title: Named,
  ): string {
    return `Hello, ${title.name} ${who.name}!`;
  }
}

const verifier = twoCallers('greeter');

const TASKS_AND_ELICIT = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
let nextId = 1;

/** One 2026-07-28 POST over real HTTP as `who`, with the routing headers a client sends. */
function post(
  url: URL,
  who: string,
  method: string,
  params: Record<string, unknown>,
  capabilities: Record<string, unknown> = TASKS_AND_ELICIT,
  id: number = nextId++,
): Promise<Response> {
  const name = (params.taskId ?? params.name) as string | undefined;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${who}-token`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'listen-test', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': capabilities,
        },
      },
    }),
  });
}

async function call(url: URL, who: string, method: string, params: Record<string, unknown>) {
  const body = (await (await post(url, who, method, params)).json()) as { result?: Record<string, any> };
  if (!body.result) throw new Error(`${method}: ${JSON.stringify(body)}`);
  return body.result;
}

async function parkedOn(url: URL, who: string, taskId: string, key: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const task = await call(url, who, 'tasks/get', { taskId });
    if (task.status === 'input_required' && task.inputRequests[key]) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`task ${taskId} never asked ${key}`);
}

describe.each([
  ['the fast path', true],
  ["the SDK's node adapter", false],
])('notifications/tasks on a subscriptions/listen stream with taskIds (%s)', (_label, fastPath) => {
  let app: TesseraApp;
  let listener: HttpListener;
  beforeAll(async () => {
    app = createApp(
      { name: 'greeter', version: '1', providers: [Greeter], logger: silentLogger },
      { auth: { verifier } },
    );
    listener = await listen(app, { port: 0, host: '127.0.0.1', fastPath });
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
  });

  test("each change of the caller's task, tagged with the subscription id; another caller's task never", async () => {
    const url = listener.url;
    const mine = (await call(url, 'alice', 'tools/call', { name: 'hello', arguments: {} })).taskId as string;
    const theirs = (await call(url, 'mallory', 'tools/call', { name: 'hello', arguments: {} })).taskId as string;
    await parkedOn(url, 'alice', mine, 'who');
    await parkedOn(url, 'mallory', theirs, 'who');

    const listenId = 7001;
    const response = await post(
      url,
      'alice',
      'subscriptions/listen',
      { notifications: { taskIds: [mine, theirs] } },
      TASKS_AND_ELICIT,
      listenId,
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = messagesOf(response);
    try {
      await stream.until((h) => h.length > 0);
      expect(stream.heard[0]).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: { taskIds: [mine, theirs] }, _meta: { [SUBSCRIPTION_ID]: listenId } },
      });

      // both tasks move; only alice's is reported to alice
      await call(url, 'mallory', 'tasks/update', {
        taskId: theirs,
        inputResponses: { who: { action: 'accept', content: { name: 'Eve' } } },
      });
      await call(url, 'alice', 'tasks/update', {
        taskId: mine,
        inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
      });
      const statuses = () => stream.heard.slice(1).map((m) => m.params.status as string);
      await stream.until(() => statuses().includes('input_required'));
      await call(url, 'alice', 'tasks/update', {
        taskId: mine,
        inputResponses: { title: { action: 'accept', content: { name: 'Countess' } } },
      });
      await stream.until(() => statuses().includes('completed'));
      await parkedOn(url, 'mallory', theirs, 'title'); // mallory's task changed meanwhile too

      const notes = stream.heard.slice(1);
      for (const note of notes) {
        expect(note.method).toBe('notifications/tasks');
        expect(note.params.taskId).toBe(mine);
        expect(note.params._meta).toEqual({ [SUBSCRIPTION_ID]: listenId });
      }
      expect(JSON.stringify(notes)).not.toContain(theirs); // the foreign id, in no notification
      const seen = statuses().filter((s, i, all) => s !== all[i - 1]);
      expect(seen).toEqual(['working', 'input_required', 'working', 'completed']);
      const asked = notes.find((n) => n.params.status === 'input_required')!;
      expect(Object.keys(asked.params.inputRequests)).toEqual(['title']);
      // the last one is the detailed task, as tasks/get answers it
      const last = notes[notes.length - 1].params;
      expect(last.result.content[0].text).toBe('Hello, Countess Ada!');
      const { resultType, ...got } = await call(url, 'alice', 'tasks/get', { taskId: mine });
      expect(resultType).toBe('complete');
      expect({ ...last, _meta: undefined }).toEqual({ ...got, _meta: undefined });
    } finally {
      await stream.close();
    }
  });

  test('a taskIds filter without the tasks extension: -32021 naming it, HTTP 400', async () => {
    const response = await post(
      listener.url,
      'alice',
      'subscriptions/listen',
      { notifications: { taskIds: ['x'] } },
      { elicitation: {} },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string; data: unknown } };
    expect(body.error.code).toBe(-32021);
    expect(body.error.message).toContain('io.modelcontextprotocol/tasks');
    expect(body.error.data).toEqual({ requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } });
  });

  test('taskIds that is not an array of strings: -32602 naming the field', async () => {
    const response = await post(listener.url, 'alice', 'subscriptions/listen', { notifications: { taskIds: 'x' } });
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain('params.notifications.taskIds');
  });

  test('app.close() ends an open stream with the listen response', async () => {
    const other = createApp(
      { name: 'greeter', version: '1', providers: [Greeter], logger: silentLogger },
      { auth: { verifier } },
    );
    const http = await listen(other, { port: 0, host: '127.0.0.1', fastPath });
    const response = await post(
      http.url,
      'alice',
      'subscriptions/listen',
      { notifications: { taskIds: ['AAAAAAAAAAAAAAAAAAAAAA'] } },
      TASKS_AND_ELICIT,
      42,
    );
    const stream = messagesOf(response);
    await stream.until((h) => h.length === 1);
    await other.close();
    await stream.until((h) => h.length === 2);
    expect(stream.heard[1]).toEqual({
      jsonrpc: '2.0',
      id: 42,
      result: { resultType: 'complete', _meta: { [SUBSCRIPTION_ID]: 42 } },
    });
    await stream.close();
    await http.close();
  });
});
