import { TaskHandle, TesseraClient } from '@tessera/client';
import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { mountRemote, type RemoteMount } from '@tessera/compose';
import { spawnHttpRemote, type SpawnedHttpRemote } from './support/spawned-remote';

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe('a Tessera server in another process, mounted under "ops" over HTTP', () => {
  jest.setTimeout(120_000);
  let remote: SpawnedHttpRemote;
  let mount: RemoteMount;
  let app: TesseraApp;

  beforeAll(async () => {
    remote = await spawnHttpRemote('remote-tessera.fixture.ts');
    mount = await mountRemote({ prefix: 'ops', url: remote.url });
    app = createApp({
      name: 'gateway',
      version: '1.0.0',
      providers: [],
      imports: [mount.module],
      logger: silentLogger,
    });
  });

  afterAll(async () => {
    await app?.close();
    await mount?.close();
    await remote?.stop();
  });

  async function client(answers: Record<string, Record<string, string>> = {}, asked: string[] = []) {
    const c = new TesseraClient({
      elicitation: async (params) => {
        asked.push(params.message);
        const key = Object.keys(answers).find((k) => params.message.startsWith(k));
        return key ? { action: 'accept', content: answers[key] } : { action: 'decline' };
      },
    });
    await c.connect({ fetch: (request) => app.fetch(request) });
    return c;
  }

  test('lists every tool, prompt, resource and template under the prefix', async () => {
    const c = await client();
    const tools = await c.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual([
      'ops_deploy',
      'ops_greet',
      'ops_report',
      'ops_stall',
      'ops_stalls_cancelled',
      'ops_stats',
    ]);
    const greet = tools.tools.find((t) => t.name === 'ops_greet')!;
    expect(greet.description).toBe('Greets someone');
    expect(greet.annotations).toMatchObject({ readOnlyHint: true });
    expect(greet.inputSchema).toMatchObject({ properties: { name: { type: 'string', description: 'Who to greet' } } });
    const prompts = await c.listPrompts();
    expect(prompts.prompts).toEqual([
      expect.objectContaining({
        name: 'ops_brief',
        arguments: [expect.objectContaining({ name: 'topic', description: 'What to brief on', required: true })],
      }),
    ]);
    expect((await c.listResources()).resources.map((r) => r.uri)).toEqual(['notes://ops/readme']);
    expect((await c.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)).toEqual([
      'notes://ops/items/{id}',
    ]);
    await c.close();
  });

  test('forwards a plain call, a prompt and reads', async () => {
    const c = await client();
    expect(text(await c.callTool({ name: 'ops_greet', arguments: { name: 'Ada' } }))).toBe('hello Ada from the remote');
    const prompt = await c.getPrompt({ name: 'ops_brief', arguments: { topic: 'Q3' } });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'Brief me on Q3' });
    const readme = await c.readResource({ uri: 'notes://ops/readme' });
    expect(readme.contents[0]).toMatchObject({ uri: 'notes://ops/readme', text: 'the remote readme' });
    const item = await c.readResource({ uri: 'notes://ops/items/42' });
    expect(item.contents[0]).toMatchObject({ uri: 'notes://ops/items/42', text: 'item 42' });
    await c.close();
  });

  test('keeps the remote outputSchema, and structuredContent passes through', async () => {
    const c = await client();
    const stats = (await c.listTools()).tools.find((t) => t.name === 'ops_stats')!;
    expect(stats.outputSchema).toMatchObject({
      type: 'object',
      properties: { deploys: { type: 'number', description: 'Deploys so far' }, region: { type: 'string' } },
    });
    const r = await c.callTool({ name: 'ops_stats', arguments: {} });
    expect(r.structuredContent).toEqual({ deploys: 3, region: 'eu' });
    await c.close();
  });

  test('checks arguments against the remote schema before forwarding', async () => {
    const c = await client();
    const r = await c.callTool({ name: 'ops_greet', arguments: { name: 7 } });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('ops_greet');
    await c.close();
  });

  test('a three-round @Elicit flow passes through, round by round', async () => {
    const asked: string[] = [];
    const c = await client(
      { 'Which environment?': { env: 'production' }, 'Region for': { region: 'eu' }, 'Deploy to': { confirm: 'yes' } },
      asked,
    );
    const result = await c.callTool({ name: 'ops_deploy', arguments: {} });
    expect(text(result)).toBe('deployed to production/eu');
    expect(asked).toEqual(['Which environment?', 'Region for production?', 'Deploy to production in eu?']);
    await c.close();
  });

  test('a remote task tool runs through the mount: its question passes through, its result comes back', async () => {
    const asked: string[] = [];
    const c = await client({ 'Which period?': { period: 'Q2' } }, asked);
    expect(text(await c.callTool({ name: 'ops_report', arguments: {} }))).toBe('report for Q2');
    expect(asked).toEqual(['Which period?']);
    await c.close();
  });

  test('a remote task that neither ends nor asks within remoteTaskTimeoutMs is cancelled, the call failed', async () => {
    const bounded = await mountRemote({ prefix: 'ops', url: remote.url, remoteTaskTimeoutMs: 300 });
    const gateway = createApp({
      name: 'gateway',
      version: '1.0.0',
      providers: [],
      imports: [bounded.module],
      logger: silentLogger,
    });
    const c = new TesseraClient();
    try {
      await c.connect({ fetch: (request) => gateway.fetch(request) });
      const cancelled = async () => text(await c.callTool({ name: 'ops_stalls_cancelled', arguments: {} }));
      const before = Number(await cancelled());
      const r = await c.callTool({ name: 'ops_stall', arguments: {} });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(
        /^mount "ops": .*its task neither ended nor asked within 300 ms \(remoteTaskTimeoutMs\), so it was cancelled/,
      );
      // the remote's handler sees its cancellation (a bounded poll: the count moves after tasks/cancel answers)
      for (let i = 0; i < 100 && Number(await cancelled()) === before; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(Number(await cancelled())).toBe(before + 1);
    } finally {
      await c.close();
      await gateway.close();
      await bounded.close();
    }
  });

  test('taskTools: a task of ours wraps the remote one; tasks/get and the result through our server', async () => {
    const tasked = await mountRemote({ prefix: 'ops', url: remote.url, taskTools: { report: 'required' } });
    const gateway = createApp({
      name: 'gateway',
      version: '1.0.0',
      providers: [],
      imports: [tasked.module],
      logger: silentLogger,
    });
    const asked: string[] = [];
    const c = new TesseraClient({
      elicitation: async (params) => {
        asked.push(params.message);
        return { action: 'accept', content: { period: 'Q1' } };
      },
    });
    try {
      await c.connect({ fetch: (request) => gateway.fetch(request) });
      const handle = await c.callTool({ name: 'ops_report', arguments: {} }, { task: 'handle' });
      expect(handle).toBeInstanceOf(TaskHandle);
      const ours = handle as TaskHandle;
      // a task of our server: its id is ours (the remote's stays in our task's record), followed with tasks/get
      expect(text(await ours.result())).toBe('report for Q1');
      expect(asked).toEqual(['Which period?']);
      expect(await ours.get()).toMatchObject({ status: 'completed' });
      // a caller without the Tasks extension is refused a required task tool, naming the extension
      const plain = new TesseraClient({ tasks: false });
      await plain.connect({ fetch: (request) => gateway.fetch(request) });
      await expect(plain.callTool({ name: 'ops_report', arguments: {} })).rejects.toThrow(/tasks/);
      await plain.close();
    } finally {
      await c.close();
      await gateway.close();
      await tasked.close();
    }
  });

  test('taskTools naming a tool the remote does not list is refused at start', async () => {
    await expect(mountRemote({ prefix: 'ops', url: remote.url, taskTools: { nope: 'optional' } })).rejects.toThrow(
      'mount "ops": cannot serve what',
    );
    await expect(
      mountRemote({ prefix: 'ops', url: remote.url, taskTools: { report: 'always' as never } }),
    ).rejects.toThrow('taskTools.report');
  });

  test('our caller holds only our sealed state, never the remote one in the clear', async () => {
    const c = await client();
    const first = await c.callTool({ name: 'ops_deploy', arguments: {} }, { allowInputRequired: true });
    expect(first).toMatchObject({ resultType: 'input_required' });
    const ours = (first as { requestState: string }).requestState;
    const second = await c.callTool(
      { name: 'ops_deploy', arguments: {} },
      {
        allowInputRequired: true,
        inputResponses: { env: { action: 'accept', content: { env: 'staging' } } },
        requestState: ours,
      },
    );
    const state = (second as { requestState: string }).requestState;
    expect(typeof state).toBe('string');
    // the remote's state is itself sealed by the remote; ours wraps it, so it appears nowhere in what we send
    expect(Buffer.from(state, 'base64url').toString('latin1')).not.toContain('"remote"');
    // a state changed by the caller is refused by us before anything reaches the remote
    const tampered = await c
      .callTool(
        { name: 'ops_deploy', arguments: {} },
        {
          allowInputRequired: true,
          inputResponses: { region: { action: 'accept', content: { region: 'eu' } } },
          requestState: state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA'),
        },
      )
      .then(
        () => 'accepted',
        (e: Error) => e.message,
      );
    expect(tampered).not.toBe('accepted');
    await c.close();
  });

  // last: it stops the remote
  test('a remote gone while serving: each call is a tool error naming the mount', async () => {
    const c = await client();
    await remote.stop();
    const r = await c.callTool({ name: 'ops_greet', arguments: { name: 'Ada' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^mount "ops": tool "greet" failed on the remote server: /);
    await c.close();
  });
});
