import {
  clientExtension,
  createApp,
  InvalidConfigurationError,
  Provider,
  silentLogger,
  Tool,
  type AppModule,
  type ServerExtension,
} from '@tessera/core';
import { describeApp } from '@tessera/core/advanced';
import { sendRaw } from '@tessera/testing';
import { serveStdio } from '@tessera/core/node';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import type { TesseraApp } from '@tessera/core';

/** A 2025-era `initialize` over a message transport (stdio's face): its answer. */
async function initializeOverStdio(app: TesseraApp): Promise<unknown> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(app, { transport: serverSide });
  const answer = new Promise((resolve) => (clientSide.onmessage = resolve));
  await clientSide.start();
  await clientSide.send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
  } as never);
  const message = await answer;
  await app.close();
  return message;
}

@Provider()
class Clock {
  @Tool({ description: 'The time' })
  now(): string {
    return 'noon';
  }

  @Tool({ description: 'Runs long', task: 'optional' })
  slow(): string {
    return 'done';
  }
}

@Provider()
class Plain {
  @Tool()
  ping(): string {
    return 'pong';
  }
}

const anyParams = {
  '~standard': {
    version: 1 as const,
    vendor: 'test',
    types: undefined as unknown as { input: Record<string, unknown>; output: Record<string, unknown> },
    validate: (value: unknown) => ({ value: value as Record<string, unknown> }),
  },
};

/** An extension that advertises its settings, serves one method reading the client's own, and marks tools. */
const audit: ServerExtension = {
  id: 'com.example/audit',
  setup: (app) => ({ tools: app.tools.length }),
  attach(server, requests) {
    server.setRequestHandler('audit/echo', { params: anyParams }, (_params, ctx) => {
      const declared = clientExtension(requests.clientCapabilities(ctx), 'com.example/audit');
      return { resultType: 'complete', declared: declared ?? null } as never;
    });
  },
  decorateTool: (tool) => ({ ...tool, _meta: { ...tool._meta, 'com.example/audited': true } }),
};

const appModule = (extensions: unknown, providers: AppModule['providers'] = [Clock]): AppModule =>
  ({ name: 'ext', version: '1', providers, logger: silentLogger, extensions }) as AppModule;

describe('the extensions seam', () => {
  test('an extension is advertised in server/discover and initialize with its settings, next to Tasks', async () => {
    const app = createApp(appModule([audit]));
    const discover = await sendRaw(app, 'server/discover', {});
    expect(discover.body.result?.capabilities).toMatchObject({
      extensions: { 'io.modelcontextprotocol/tasks': {}, 'com.example/audit': { tools: 2 } },
    });
    const init = (await initializeOverStdio(app)) as { result?: { capabilities?: object } };
    expect(init.result?.capabilities).toMatchObject({ extensions: { 'com.example/audit': { tools: 2 } } });
    expect(describeApp(app).extensions).toEqual(['io.modelcontextprotocol/tasks', 'com.example/audit']);
  });

  test("its method is served, and reads this request's client capabilities", async () => {
    const app = createApp(appModule([audit]));
    const without = await sendRaw(app, 'audit/echo', {});
    expect(without.body.result).toMatchObject({ declared: null });
    const withIt = await sendRaw(
      app,
      'audit/echo',
      {},
      {
        capabilities: { extensions: { 'com.example/audit': { level: 2 } } } as never,
      },
    );
    expect(withIt.body.result).toMatchObject({ declared: { level: 2 } });
  });

  test('it decorates the tools/list entries once, keeping their names', async () => {
    const app = createApp(appModule([audit]));
    const tools = (await sendRaw(app, 'tools/list', {})).body.result?.tools as { name: string; _meta?: object }[];
    expect(tools.map((t) => [t.name, t._meta])).toEqual([
      ['now', { 'com.example/audited': true }],
      ['slow', { 'com.example/audited': true }],
    ]);
  });

  test('setup returning undefined keeps an extension silent: not advertised, no method, no decoration', async () => {
    const attach = jest.fn();
    const silent: ServerExtension = {
      id: 'com.example/silent',
      setup: () => undefined,
      attach,
      decorateTool: () => ({}) as never,
    };
    const app = createApp(appModule([silent], [Plain]));
    const discover = await sendRaw(app, 'server/discover', {});
    expect(discover.body.result?.capabilities).not.toHaveProperty('extensions');
    await sendRaw(app, 'tools/list', {});
    expect(attach).not.toHaveBeenCalled();
  });

  test('Tasks is on the seam: advertised only with a task tool, and its methods served only then', async () => {
    const plain = createApp(appModule(undefined, [Plain]));
    expect((await sendRaw(plain, 'server/discover', {})).body.result?.capabilities).not.toHaveProperty('extensions');
    expect((await sendRaw(plain, 'tasks/get', { taskId: 'x' })).body.error).toMatchObject({ code: -32601 });
    const tasks = createApp(appModule(undefined));
    const caps = { extensions: { 'io.modelcontextprotocol/tasks': {} } } as never;
    expect((await sendRaw(tasks, 'tasks/get', { taskId: 'x' }, { capabilities: caps })).body.error).toMatchObject({
      code: -32602,
    });
  });

  test('a setup may refuse the application; the error reaches createApp', () => {
    const strict: ServerExtension = {
      id: 'com.example/strict',
      setup: () => {
        throw new InvalidConfigurationError('strict needs a tool named "audit"');
      },
    };
    expect(() => createApp(appModule([strict]))).toThrow('strict needs a tool named "audit"');
  });

  test.each([
    [{}, 'extensions must be an array'],
    [[null], 'extensions[0] must be an extension object, got null'],
    [[{ id: 'audit' }], 'extensions[0]: id must be a prefixed identifier such as "com.example/audit"'],
    [[{ id: 'com.example/a', attach: 'yes' }], 'extensions[0] ("com.example/a"): attach must be a function'],
    [[{ id: 'com.example/a' }, { id: 'com.example/a' }], 'extension "com.example/a" is listed twice'],
    [
      [{ id: 'io.modelcontextprotocol/tasks' }],
      'extension "io.modelcontextprotocol/tasks" is one Tessera serves itself',
    ],
    [[{ id: 'com.example/a', setup: () => [] }], 'setup must return a settings object or undefined, got an array'],
    [
      [{ id: 'com.example/a', decorateTool: (t: object) => ({ ...t, name: 'other' }) }],
      'extension "com.example/a" returned a list entry for now without its name unchanged',
    ],
  ])('createApp refuses extensions %j', (extensions, message) => {
    expect(() => createApp(appModule(extensions))).toThrow(InvalidConfigurationError);
    expect(() => createApp(appModule(extensions))).toThrow(message);
  });

  test('a bad list entry is refused naming the module', () => {
    expect(() => createApp(appModule([null]))).toThrow('Module "ext": extensions[0]');
  });

  test('the SDK Server type is what attach receives', () => {
    const seen: unknown[] = [];
    const app = createApp(
      appModule([{ id: 'com.example/seen', attach: (server: Server) => seen.push(server) } satisfies ServerExtension]),
    );
    return sendRaw(app, 'tools/list', {}).then(() => expect(seen[0]).toBeInstanceOf(Server));
  });
});
