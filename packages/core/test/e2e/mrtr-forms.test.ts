import { InMemoryTransport, inputRequired } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
import {
  createApp,
  InvalidSignatureError,
  Elicit,
  Provider,
  Tool,
  Resource,
  silentLogger,
  type AppModule,
} from '@tessera/core';
import { connectInMemory, sendRaw } from '@tessera/testing';
import { Asking, Audience } from './mrtr-more-fixtures';
import { Deployer } from './mrtr-fixtures';
import { serveStdio } from '@tessera/core/node';
import { overStdio } from './support/over-stdio';

const askingModule: AppModule = {
  name: 'asking',
  version: '1.0.0',
  providers: [Asking, Deployer],
  logger: silentLogger,
};
const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe('asking from prompts, templates and the direct form', () => {
  test('a prompt asks who the briefing is for', async () => {
    const c = await connectInMemory(createApp(askingModule), { capabilities: { elicitation: {} } });
    const seen: string[] = [];
    c.setRequestHandler('elicitation/create', async (r) => {
      seen.push((r.params as { message: string }).message);
      return { action: 'accept', content: { audience: 'executives' } };
    });
    const prompt = await c.getPrompt({ name: 'briefing', arguments: { topic: 'Q3' } });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'Brief the executives on Q3' });
    expect(seen).toEqual(['Who is the Q3 briefing for?']);
  });

  test('a resource template asks', async () => {
    const c = await connectInMemory(createApp(askingModule), { capabilities: { elicitation: {} } });
    c.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { audience: 'engineers' } }));
    const res = await c.readResource({ uri: 'reports://7' });
    expect(res.contents[0]).toMatchObject({ uri: 'reports://7', text: 'report 7 for engineers' });
  });

  test('the direct form reads its answers and its own (sealed) plaintext state', async () => {
    const c = await connectInMemory(createApp(askingModule), { capabilities: { elicitation: {} } });
    let n = 0;
    c.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { ok: n++ === 0 ? 'no' : 'yes' },
    }));
    expect(text(await c.callTool({ name: 'direct', arguments: {} }))).toBe('confirmed after 2 round(s)');
  });

  test('an undeclared InputRequiredResult fails the call with a clear error', async () => {
    const c = await connectInMemory(createApp(askingModule), { capabilities: { roots: {} } });
    const r = await c.callTool({ name: 'sneaky', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('returned an InputRequiredResult without declaring it');
  });

  test('tools/list never answers input_required', async () => {
    const r = await sendRaw(createApp(askingModule), 'tools/list', {});
    expect(r.body.result?.resultType).not.toBe('input_required');
    expect(r.body.result?.tools).toBeDefined();
  });
});

describe('untrusted inputResponses', () => {
  test('inputResponses: null is -32602', async () => {
    const r = await sendRaw(
      createApp(askingModule),
      'tools/call',
      { name: 'strict', arguments: {}, inputResponses: null },
      { capabilities: { elicitation: {} } },
    );
    expect(r.body.error).toMatchObject({ code: -32602 });
  });

  test('a non-object inputResponses is -32602', async () => {
    const r = await sendRaw(
      createApp(askingModule),
      'tools/call',
      { name: 'strict', arguments: {}, inputResponses: [1, 2] },
      { capabilities: { elicitation: {} } },
    );
    expect(r.body.error).toMatchObject({ code: -32602 });
  });

  test('over a message transport too (stdio, in memory), a null inputResponses is -32602', async () => {
    const app = createApp(askingModule);
    const reply = overStdio(app, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'strict', arguments: {}, inputResponses: null },
    });
    expect(await reply).toEqual(
      expect.objectContaining({
        id: 1,
        error: expect.objectContaining({ code: -32602, message: expect.stringContaining('got null') }),
      }),
    );
    await app.close();
  });

  test('extra keys are ignored, with the echoed state or without one', async () => {
    const app = createApp(askingModule);
    const caps = { elicitation: {} };
    const answer = { choice: { action: 'accept', content: { region: 'eu' } }, bogus: { action: 'accept' } };
    const first = await sendRaw(app, 'tools/call', { name: 'strict', arguments: {} }, { capabilities: caps });
    const state = first.body.result!.requestState as string;
    const answered = await sendRaw(
      app,
      'tools/call',
      { name: 'strict', arguments: {}, requestState: state, inputResponses: answer },
      { capabilities: caps, id: 2 },
    );
    expect(answered.body.result).toMatchObject({ content: [{ type: 'text', text: 'chose eu' }] });
    // Sent before it was asked, by a client that knew the question: checked like any answer, and taken.
    const unasked = await sendRaw(
      app,
      'tools/call',
      { name: 'strict', arguments: {}, inputResponses: answer },
      { capabilities: caps, id: 3 },
    );
    expect(unasked.body.result).toMatchObject({ content: [{ type: 'text', text: 'chose eu' }] });
  });

  test('an answer sent before it was asked that fails the question is asked again, saying why', async () => {
    const app = createApp(askingModule);
    const r = await sendRaw(
      app,
      'tools/call',
      { name: 'strict', arguments: {}, inputResponses: { choice: { action: 'accept', content: { region: 'mars' } } } },
      { capabilities: { elicitation: {} } },
    );
    expect(r.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { choice: { method: 'elicitation/create' } },
    });
    const message = (r.body.result!.inputRequests as Record<string, { params: { message: string } }>).choice.params
      .message;
    expect(message).toMatch(/^Region\?\n\nThe previous answer was not accepted: region must be one of/);
    await app.close();
  });
});

describe('signature rules at registration', () => {
  test('dependency parameters plus returnsInputRequired is InvalidSignature naming class, method and parameter', () => {
    @Provider()
    class Mixed {
      @Tool({ returnsInputRequired: true })
      both(@Elicit('Region?', Audience) _a: Audience): string {
        return 'x';
      }
    }
    expect(() => createApp({ name: 'm', version: '1', providers: [Mixed], logger: silentLogger })).toThrow(
      InvalidSignatureError,
    );
    expect(() => createApp({ name: 'm', version: '1', providers: [Mixed], logger: silentLogger })).toThrow(
      /Mixed\.both: parameter #0 \(@Elicit\)/,
    );
  });

  test('a static resource cannot ask', () => {
    @Provider()
    class Static {
      @Resource('config://x')
      x(@Elicit('Who?', Audience) _a: Audience): string {
        return 'x';
      }
    }
    expect(() => createApp({ name: 'm', version: '1', providers: [Static], logger: silentLogger })).toThrow(
      /static resource "config:\/\/x" cannot use @Elicit/,
    );
  });

  test('a static resource declaring returnsInputRequired is refused at createApp, naming it', () => {
    @Provider()
    class StaticDirect {
      @Resource('config://y', { returnsInputRequired: true })
      y(): string {
        return 'y';
      }
    }
    const build = () => createApp({ name: 'm', version: '1', providers: [StaticDirect], logger: silentLogger });
    expect(build).toThrow(InvalidSignatureError);
    expect(build).toThrow(
      /StaticDirect\.y: static resource "config:\/\/y" declares returnsInputRequired, but a static resource cannot ask/,
    );
  });

  test('a static resource returning InputRequiredResult anyway is told to become a template', async () => {
    @Provider()
    class StaticAsks {
      @Resource('config://z')
      z(): unknown {
        return inputRequired({ inputRequests: {}, requestState: 'x' });
      }
    }
    const c = await connectInMemory(
      createApp({ name: 'm', version: '1', providers: [StaticAsks], logger: silentLogger }),
    );
    await expect(c.readResource({ uri: 'config://z' })).rejects.toThrow(
      /static resource cannot ask the user: make it a resource template/,
    );
  });

  test('after naming an unknown key, and cycles, are refused', () => {
    @Provider()
    class Unknown {
      @Tool()
      t(@Elicit({ key: 'a', after: ['nope'], message: 'A', schema: Audience }) _a: Audience): string {
        return 'x';
      }
    }
    expect(() => createApp({ name: 'm', version: '1', providers: [Unknown], logger: silentLogger })).toThrow(
      /waits for "nope"/,
    );
    @Provider()
    class Cycle {
      @Tool()
      t(
        @Elicit({ key: 'a', after: ['b'], message: 'A', schema: Audience }) _a: Audience,
        @Elicit({ key: 'b', after: ['a'], message: 'B', schema: Audience }) _b: Audience,
      ): string {
        return 'x';
      }
    }
    expect(() => createApp({ name: 'm', version: '1', providers: [Cycle], logger: silentLogger })).toThrow(
      /dependency cycle a -> b -> a/,
    );
  });
});

describe('2025-era connections', () => {
  async function legacyClient(bridge: boolean) {
    const app = createApp({ ...askingModule, legacyInputRequiredBridge: bridge });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(app, { transport: serverSide });
    const c = new Client({ name: 'old', version: '1' }, { capabilities: { elicitation: {} } });
    c.setRequestHandler('elicitation/create', async (r) => {
      const message = (r.params as { message: string }).message;
      const content: Record<string, string> = message === 'Type yes' ? { ok: 'yes' } : { region: 'us' };
      return { action: 'accept', content };
    });
    await c.connect(clientSide);
    return { app, c };
  }

  test('an @Elicit tool completes through a push request', async () => {
    const { app, c } = await legacyClient(false);
    expect(c.getNegotiatedProtocolVersion?.() ?? '').not.toBe('2026-07-28');
    expect(text(await c.callTool({ name: 'strict', arguments: {} }))).toBe('chose us');
    await app.close();
  });

  test('a direct-form InputRequiredResult is -32603 with the bridge off', async () => {
    const { app, c } = await legacyClient(false);
    await expect(c.callTool({ name: 'direct', arguments: {} })).rejects.toMatchObject({ code: -32603 });
    await app.close();
  });

  test('and completes with the bridge on', async () => {
    const { app, c } = await legacyClient(true);
    expect(text(await c.callTool({ name: 'direct', arguments: {} }))).toBe('confirmed after 1 round(s)');
    await app.close();
  });

  test('stateless 2025 HTTP cannot push: a clear -32021, never a hang', async () => {
    const c = await connectInMemory(createApp(askingModule), { protocol: 'legacy', capabilities: { elicitation: {} } });
    await expect(c.callTool({ name: 'strict', arguments: {} })).rejects.toMatchObject({
      code: -32021,
      message: expect.stringContaining('stateless'),
    });
  });
});
