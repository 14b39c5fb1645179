import { InMemoryServerEventBus, inputRequired } from '@modelcontextprotocol/server';
import {
  createApp,
  Ctx,
  DuplicateNameError,
  ExecutionContext,
  InvalidConfigurationError,
  Prompt,
  Provider,
  silentLogger,
  Tool,
  type TesseraApp,
} from '@tessera/core';
import { TesseraClient } from '@tessera/client';
import { listen } from '@tessera/core/node';
import { sendRaw } from '@tessera/testing';

// Switching handlers off and on, adding and removing providers while serving: checked as createApp checks,
// swapped into what every path reads, announced through the event bus to every instance's streams.

@Provider()
class Desk {
  @Tool()
  open(): string {
    return 'open';
  }

  @Tool()
  risky(): string {
    return 'risky';
  }

  @Tool({ returnsInputRequired: true })
  confirm(@Ctx() ctx: ExecutionContext): unknown {
    if (ctx.requestState === 'asked') return 'confirmed';
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }),
      },
      requestState: 'asked',
    });
  }
}

/** Lets a test hold a call inside its method, and know when it got there. */
function gate() {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (entered = resolve));
  return { open, entered, opened, reached };
}

let held = gate();

@Provider()
class Slow {
  @Tool()
  async hold(): Promise<string> {
    held.entered();
    await held.opened;
    return 'held and done';
  }
}

@Provider()
class Extras {
  @Tool()
  extra(): string {
    return 'extra';
  }

  @Prompt()
  tips(): string {
    return 'tips';
  }
}

@Provider()
class Clash {
  @Tool({ name: 'open' })
  again(): string {
    return 'again';
  }
}

const names = async (app: TesseraApp, method = 'tools/list', key = 'tools') =>
  ((await sendRaw(app, method, {})).body.result as Record<string, Array<{ name: string }>>)[key]!.map((t) => t.name);

/** A client on `app` holding a listen stream, recording the list_changed notifications it hears. */
async function watcher(app: TesseraApp) {
  const client = new TesseraClient({ name: 'watcher' });
  const heard: string[] = [];
  client.sdk.setNotificationHandler('notifications/tools/list_changed', () => void heard.push('tools'));
  client.sdk.setNotificationHandler('notifications/prompts/list_changed', () => void heard.push('prompts'));
  await client.connect({ fetch: (r) => app.fetch(r) });
  const subscription = await client.sdk.listen({ toolsListChanged: true, promptsListChanged: true });
  const until = async (count: number) => {
    const deadline = Date.now() + 3000;
    while (heard.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  };
  return {
    heard,
    until,
    close: async () => {
      await subscription.close();
      await client.close();
    },
  };
}

describe('runtime changes', () => {
  test('disable and enable: gone from lists, called as unknown, back again; on both HTTP paths', async () => {
    const app = createApp({ name: 'desk', version: '1', providers: [Desk], logger: silentLogger });
    const fast = await listen(app, { port: 0 });
    const sdkPath = await listen(app, { port: 0, fastPath: false });
    const call = async (url: URL) =>
      (await (
        await fetch(url, {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'risky',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'risky',
              arguments: {},
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
                'io.modelcontextprotocol/clientCapabilities': {},
              },
            },
          }),
        })
      ).json()) as { result?: unknown; error?: unknown };
    try {
      app.tools.disable('risky');
      expect(app.tools.isEnabled('risky')).toBe(false);
      expect(await names(app)).toEqual(['open', 'confirm']);
      for (const url of [fast.url, sdkPath.url])
        expect((await call(url)).error).toEqual({ code: -32602, message: 'Unknown tool: risky' });
      app.tools.enable('risky');
      expect(await names(app)).toEqual(['open', 'risky', 'confirm']);
      for (const url of [fast.url, sdkPath.url]) expect((await call(url)).result).toBeDefined();
      expect(() => app.tools.disable('nowhere')).toThrow(/no tool "nowhere"/);
      expect(() => app.prompts.enable('nowhere')).toThrow(InvalidConfigurationError);
    } finally {
      await fast.close();
      await sdkPath.close();
      await app.close();
    }
  });

  test('a change on one instance reaches the listen streams of another sharing the bus', async () => {
    const events = new InMemoryServerEventBus();
    const module = { name: 'desk', version: '1', providers: [Desk], logger: silentLogger, events };
    const a = createApp(module);
    const b = createApp(module);
    const onB = await watcher(b);
    try {
      a.tools.disable('risky');
      await onB.until(1);
      expect(onB.heard).toEqual(['tools']);
      a.tools.disable('risky'); // already off: no change, no notification
      a.addProvider(Extras);
      await onB.until(2);
      // b served no prompts when its client listened, so only tool changes were honored on its stream
      expect(onB.heard).toEqual(['tools', 'tools']);
    } finally {
      await onB.close();
      await a.close();
      await b.close();
    }
  });

  test('addProvider: checked as createApp checks, and a refused one changes nothing', async () => {
    const app = createApp({ name: 'desk', version: '1', providers: [Desk], logger: silentLogger });
    expect(() => app.addProvider(Clash)).toThrow(DuplicateNameError);
    expect(() => app.addProvider(Desk)).toThrow(/provider Desk is listed twice/);
    expect(await names(app)).toEqual(['open', 'risky', 'confirm']);
    app.addProvider(Extras);
    expect(await names(app)).toEqual(['open', 'risky', 'confirm', 'extra']);
    expect(await names(app, 'prompts/list', 'prompts')).toEqual(['tips']);
    expect((await sendRaw(app, 'tools/call', { name: 'extra', arguments: {} })).body.result).toMatchObject({
      content: [{ type: 'text', text: 'extra' }],
    });
    await app.close();
  });

  test('removeProvider: its handlers are gone, and a flow in progress ends with an unknown-tool answer', async () => {
    const app = createApp({ name: 'desk', version: '1', providers: [Desk, Extras], logger: silentLogger });
    const asking = { capabilities: { elicitation: { form: {} } } };
    const first = await sendRaw(app, 'tools/call', { name: 'confirm', arguments: {} }, asking);
    const state = (first.body.result as { requestState: string }).requestState;
    expect(state).toEqual(expect.any(String));
    app.removeProvider(Desk);
    expect(await names(app)).toEqual(['extra']);
    const retry = await sendRaw(
      app,
      'tools/call',
      {
        name: 'confirm',
        arguments: {},
        requestState: state,
        inputResponses: { ok: { action: 'accept', content: {} } },
      },
      asking,
    );
    expect(retry.body.error).toEqual({ code: -32602, message: 'Unknown tool: confirm' });
    expect(() => app.removeProvider(Desk)).toThrow(/Desk is not one of its providers/);
    await app.close();
  });

  test('replaceProvider: one change in the same module, announced once per kind that differs', async () => {
    const events = new InMemoryServerEventBus();
    const app = createApp({
      name: 'desk',
      version: '1',
      providers: [],
      imports: [{ name: 'extras', providers: [Extras] }],
      logger: silentLogger,
      events,
    });
    const w = await watcher(app);
    try {
      @Provider()
      class ExtrasNext {
        @Tool({ name: 'extra' })
        changed(): string {
          return 'changed';
        }

        @Tool()
        added(): string {
          return 'added';
        }
      }
      app.replaceProvider(Extras, ExtrasNext);
      await w.until(2);
      expect(w.heard.sort()).toEqual(['prompts', 'tools']);
      expect(await names(app)).toEqual(['extra', 'added']);
      expect((await sendRaw(app, 'tools/call', { name: 'extra', arguments: {} })).body.result).toMatchObject({
        content: [{ type: 'text', text: 'changed' }],
      });
      expect(() => app.replaceProvider(Extras, ExtrasNext)).toThrow(/Extras is not one of its providers/);
      expect(() => app.replaceProvider(ExtrasNext, Clash)).not.toThrow();
      expect(await names(app)).toEqual(['open']);
    } finally {
      await w.close();
      await app.close();
    }
  });

  test('a flow whose tool is switched off between legs: its next leg answers as unknown, on both HTTP paths', async () => {
    const app = createApp({ name: 'desk', version: '1', providers: [Desk], logger: silentLogger });
    const fast = await listen(app, { port: 0 });
    const sdkPath = await listen(app, { port: 0, fastPath: false });
    const leg = async (url: URL, state?: string) =>
      (await (
        await fetch(url, {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'confirm',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'confirm',
              arguments: {},
              ...(state !== undefined && {
                requestState: state,
                inputResponses: { ok: { action: 'accept', content: {} } },
              }),
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
                'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
              },
            },
          }),
        })
      ).json()) as { result?: { requestState?: string; content?: unknown }; error?: unknown };
    try {
      for (const url of [fast.url, sdkPath.url]) {
        const state = (await leg(url)).result?.requestState;
        expect(state).toEqual(expect.any(String));
        app.tools.disable('confirm');
        expect(await leg(url, state)).toMatchObject({ error: { code: -32602, message: 'Unknown tool: confirm' } });
        // switched on again, the same state still opens: the flow had not been spent
        app.tools.enable('confirm');
        expect((await leg(url, state)).result).toMatchObject({ content: [{ type: 'text', text: 'confirmed' }] });
      }
    } finally {
      await fast.close();
      await sdkPath.close();
      await app.close();
    }
  });

  test('a call running when its provider is removed (or switched off) finishes with its result', async () => {
    const app = createApp({ name: 'desk', version: '1', providers: [Desk, Slow], logger: silentLogger });
    try {
      const changes: Array<[() => void, () => void]> = [
        [() => app.removeProvider(Slow), () => app.addProvider(Slow)],
        [() => app.tools.disable('hold'), () => app.tools.enable('hold')],
      ];
      for (const [change, undo] of changes) {
        held = gate();
        const call = sendRaw(app, 'tools/call', { name: 'hold', arguments: {} });
        await held.reached;
        change();
        held.open();
        expect((await call).body.result).toMatchObject({ content: [{ type: 'text', text: 'held and done' }] });
        undo();
      }
    } finally {
      await app.close();
    }
  });
});
