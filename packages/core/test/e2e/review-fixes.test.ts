import { InMemoryTransport, inputRequired, type CreateMessageResult } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
import { IsIn, IsString } from 'class-validator';
import {
  createApp,
  Ctx,
  Elicit,
  Field,
  Prompt,
  Provider,
  ResourceTemplate,
  Sample,
  silentLogger,
  Tool,
  Elicitation,
  type ExecutionContext,
} from '@tessera/core';
import { connectInMemory, sendRaw } from '@tessera/testing';
import { serveStdio } from '@tessera/core/node';

class RegionChoice {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

class Confirm {
  @IsString()
  answer!: string;
}

const ask = {
  who: {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: 'Who?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    },
  },
};

@Provider()
class Reviewed {
  @Tool()
  summarise(
    @Sample({
      key: 's',
      request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
    })
    s: CreateMessageResult,
  ): string {
    return `ran with ${JSON.stringify(s.content)}`;
  }

  @Tool()
  sequential(
    @Elicit({ key: 'first', message: 'Pick a region', schema: RegionChoice }) first: RegionChoice,
    @Elicit({
      key: 'second',
      after: ['first'],
      message: ({ answers }) => `Confirm ${(answers.first as RegionChoice).region.toUpperCase()}?`,
      schema: Confirm,
    })
    second: Confirm,
  ): string {
    return `${first.region}/${second.answer}`;
  }

  @Tool()
  tolerant(
    @Elicit({ key: 'first', message: 'Pick a region', schema: RegionChoice }) first: Elicitation<RegionChoice>,
    @Elicit({ key: 'second', after: ['first'], message: 'Sure?', schema: Confirm }) second: Confirm,
  ): string {
    return `${first.action}/${second.answer}`;
  }

  @Tool()
  login(
    @Elicit({ key: 'region', message: 'Region?', schema: RegionChoice }) region: RegionChoice,
    @Elicit.url({
      key: 'sso',
      after: ['region'],
      message: ({ answers }) => `Sign in for ${(answers.region as RegionChoice).region}`,
      url: ({ answers }) => `https://sso.example/${(answers.region as RegionChoice).region}`,
      elicitationId: ({ answers }) => `sso-${(answers.region as RegionChoice).region}`,
    })
    sso: Elicitation<never>,
  ): string {
    return `${region.region}:${sso.action}`;
  }

  @ResourceTemplate('doc://{id}')
  doc(@Ctx() ctx: ExecutionContext): unknown {
    return ctx.inputResponses ? 'done' : inputRequired({ inputRequests: ask as never, requestState: 'step1' });
  }

  @Prompt()
  brief(@Ctx() ctx: ExecutionContext): unknown {
    return ctx.inputResponses ? 'done' : inputRequired({ inputRequests: ask as never, requestState: 'step1' });
  }
}

const app = () => createApp({ name: 'reviewed', version: '1', providers: [Reviewed], logger: silentLogger });
const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe('fixes from review', () => {
  test.each([
    ['content that is not a block', { role: 'assistant', model: 'm', content: 'not a content block' }],
    ['a number as content', { role: 'assistant', model: 'm', content: 42 }],
    ['the user role', { role: 'user', model: 'm', content: { type: 'text', text: 'x' } }],
    ['a text block without text', { role: 'assistant', model: 'm', content: { type: 'text' } }],
    ['an empty block list', { role: 'assistant', model: 'm', content: [] }],
  ])('a sampling answer with %s is asked again, never injected', async (_what, answer) => {
    const a = app();
    const caps = { sampling: {} };
    const first = await sendRaw(a, 'tools/call', { name: 'summarise', arguments: {} }, { capabilities: caps });
    const second = await sendRaw(
      a,
      'tools/call',
      {
        name: 'summarise',
        arguments: {},
        requestState: first.body.result!.requestState,
        inputResponses: { s: answer },
      },
      { capabilities: caps },
    );
    expect(second.body.result?.resultType).toBe('input_required');
  });

  test('declining a value-mode question ends the call at once; the dependent question is never built', async () => {
    const c = await connectInMemory(app(), { capabilities: { elicitation: { form: {} } } });
    const messages: string[] = [];
    c.setRequestHandler('elicitation/create', async (r) => {
      messages.push((r.params as { message: string }).message);
      return messages.length === 1 ? { action: 'decline' } : { action: 'accept', content: { answer: 'yes' } };
    });
    const r = await c.callTool({ name: 'sequential', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('declined the question "first"');
    expect(messages).toEqual(['Pick a region']);
  });

  test('a question waiting for one cancelled in outcome mode is still asked (the author handles outcomes); cancelling it too ends the value-mode one', async () => {
    const c = await connectInMemory(app(), { capabilities: { elicitation: { form: {} } } });
    const messages: string[] = [];
    c.setRequestHandler('elicitation/create', async (r) => {
      messages.push((r.params as { message: string }).message);
      return { action: 'cancel' };
    });
    const r = await c.callTool({ name: 'tolerant', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('The user cancelled the question "second", so the request cannot go on.');
    expect(messages).toEqual(['Pick a region', 'Sure?']);
  });

  test('2025 push: a computed elicitationId sees the earlier answers, like message and url', async () => {
    const a = app();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(a, { transport: serverSide });
    const c = new Client({ name: 'old', version: '1' }, { capabilities: { elicitation: { form: {}, url: {} } } });
    const ids: unknown[] = [];
    c.setRequestHandler('elicitation/create', async (r) => {
      const p = r.params as { mode?: string; elicitationId?: string };
      if (p.mode === 'url') {
        ids.push(p.elicitationId);
        return { action: 'accept' };
      }
      return { action: 'accept', content: { region: 'eu' } };
    });
    await c.connect(clientSide);
    const r = await c.callTool({ name: 'login', arguments: {} });
    await a.close();
    expect(text(r)).toBe('eu:accept');
    expect(ids).toEqual(['sso-eu']);
  });

  test.each([
    ['resources/read', { uri: 'doc://1' }],
    ['prompts/get', { name: 'brief', arguments: {} }],
  ])('%s: a template or prompt may return InputRequiredResult itself without declaring it', async (method, params) => {
    const r = await sendRaw(app(), method, params, { capabilities: { elicitation: { form: {} } } });
    expect(r.body.error).toBeUndefined();
    expect(r.body.result?.resultType).toBe('input_required');
  });
});
