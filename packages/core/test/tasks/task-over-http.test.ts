import { IsString } from 'class-validator';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, type TesseraApp } from '../../src';
import { listen, type HttpListener } from '../../src/node';

class Named {
  @Field() @IsString() name!: string;
}

@Provider()
class Greeter {
  @Tool({ task: 'required' })
  hello(@Elicit({ key: 'who', message: 'Who?', schema: Named }) who: Named): string {
    return `Hello, ${who.name}!`;
  }
}

const CAPS = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };
let id = 1;

/** One 2026-07-28 request over real HTTP, with the routing headers a client sends (Mcp-Name = the task id). */
async function post(url: URL, method: string, params: Record<string, unknown>): Promise<Record<string, any>> {
  const name = (params.taskId ?? params.name) as string | undefined;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: id++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'http-test', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': CAPS,
        },
      },
    }),
  });
  const body = (await response.json()) as { result?: Record<string, any>; error?: unknown };
  if (!body.result) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

async function until(url: URL, taskId: string, status: string): Promise<Record<string, any>> {
  for (let i = 0; i < 400; i++) {
    const task = await post(url, 'tasks/get', { taskId });
    if (task.status === status) return task;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`task ${taskId} never reached ${status}`);
}

describe.each([
  ['the fast path', true],
  ["the SDK's node adapter", false],
])('a task with a question, end to end over HTTP (%s)', (_label, fastPath) => {
  let app: TesseraApp;
  let listener: HttpListener;
  beforeAll(async () => {
    app = createApp({ name: 'greeter', version: '1', providers: [Greeter], logger: silentLogger });
    listener = await listen(app, { port: 0, host: '127.0.0.1', fastPath });
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
  });

  test('created, parked, answered, completed', async () => {
    const url = listener.url;
    const created = await post(url, 'tools/call', { name: 'hello', arguments: {} });
    expect(created.resultType).toBe('task');
    const parked = await until(url, created.taskId, 'input_required');
    expect(parked.inputRequests.who.params.message).toBe('Who?');
    const ack = await post(url, 'tasks/update', {
      taskId: created.taskId,
      inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(ack.resultType).toBe('complete');
    const done = await until(url, created.taskId, 'completed');
    expect(done.result.content[0].text).toBe('Hello, Ada!');
  });
});
