import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inputRequired, type InputRequiredResult } from '@modelcontextprotocol/server';
import { IsIn, IsString } from 'class-validator';
import {
  createApp,
  Ctx,
  Elicit,
  InvalidRequestStateError,
  Provider,
  RequestStateSecurity,
  silentLogger,
  Tool,
  ToolError,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  type Guard,
  type Interceptor,
} from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { CALL_STAGES } from '../../src/pipeline/call-pipeline';
import type { PipelineContext } from '../../src/contracts/pipeline-context';

// The call pipeline (pipeline/call-pipeline.ts): request-state, filters, guards, interceptors, params, invoke.

const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };
const caps = { elicitation: {} };

class Region {
  @IsIn(['eu', 'us'])
  region!: string;
}
class Confirm {
  @IsString()
  answer!: string;
}

let events: string[] = [];
let seen: Array<{ incomingState: unknown; incomingProgress: unknown; outgoing: unknown; outgoingProgress: unknown }> =
  [];

@Provider()
class Flow {
  @Tool()
  deploy(
    @Elicit({ key: 'first', message: 'Region?', schema: Region }) first: Region,
    @Elicit({ key: 'second', after: ['first'], message: 'Sure?', schema: Confirm }) second: Confirm,
  ): string {
    events.push('handler');
    throw new ToolError(`refused ${first.region}/${second.answer}`);
  }

  @Tool({ returnsInputRequired: true })
  direct(@Ctx() ctx: ExecutionContext): InputRequiredResult | string {
    if (ctx.requestState === 'plain-step-1') return 'done';
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } }),
      },
      requestState: 'plain-step-1',
    });
  }
}

/** A codec that records every seal and unseal: the request-state stage's outer edges, as the codec sees them. */
function spyCodec() {
  return {
    seal(bytes: Uint8Array): string {
      events.push('request-state: seal');
      return 'spy.' + Buffer.from(bytes).toString('base64url');
    },
    unseal(token: string): Uint8Array {
      events.push('request-state: open');
      if (!token.startsWith('spy.')) throw new InvalidRequestStateError('malformed');
      return new Uint8Array(Buffer.from(token.slice(4), 'base64url'));
    },
  };
}

class RecordingGuard implements Guard {
  canActivate(): boolean {
    events.push('guard');
    return true;
  }
}

class RecordingInterceptor implements Interceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    events.push('interceptor: before');
    const incomingState = ctx.requestState;
    // the resolver's progress is off the public type; the test reads it to see the state stage ran first
    const { resolverProgress } = ctx as PipelineContext;
    const incomingProgress = resolverProgress.incoming;
    try {
      const result = await next();
      events.push(`interceptor: after ${(result as { resultType?: string }).resultType ?? 'result'}`);
      seen.push({ incomingState, incomingProgress, outgoing: result, outgoingProgress: resolverProgress.outgoing });
      return result;
    } catch (error) {
      events.push('interceptor: error');
      throw error;
    }
  }
}

/** Answers every error with a result of its own: it must still never see a refused requestState. */
class RewriteEverythingFilter implements ExceptionFilter {
  catch(error: unknown): unknown {
    events.push('filter');
    return { content: [{ type: 'text', text: `rewritten: ${(error as Error).message}` }] };
  }
}

/** Also tries to answer instead of the chain, before and after it. */
class SwallowingInterceptor implements Interceptor {
  async intercept(_ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    try {
      return await next();
    } catch {
      return { content: [{ type: 'text', text: 'swallowed' }] };
    }
  }
}

function app(extra: { interceptors?: Interceptor[] } = {}) {
  return createApp({
    name: 'pipeline',
    version: '1',
    providers: [Flow],
    security: new RequestStateSecurity({ codec: spyCodec() }) as never,
    guards: [RecordingGuard],
    interceptors: [...(extra.interceptors ?? []), RecordingInterceptor],
    filters: [RewriteEverythingFilter],
    logger: silentLogger,
  });
}

beforeEach(() => {
  events = [];
  seen = [];
});

describe('the call pipeline', () => {
  test('three rounds run the documented order: request-state opens first and seals last, around filters, guards, interceptors, params, invoke', async () => {
    const a = app();
    const call = (params: Record<string, unknown>) =>
      sendRaw(a, 'tools/call', { name: 'deploy', arguments: {}, ...params }, { capabilities: caps });

    const one = await call({});
    expect(one.body.result?.inputRequests).toHaveProperty('first');
    expect(events).toEqual([
      'guard',
      'interceptor: before',
      'interceptor: after input_required',
      'request-state: seal',
    ]);

    events = [];
    const two = await call({
      requestState: one.body.result!.requestState,
      inputResponses: { first: { action: 'accept', content: { region: 'eu' } } },
    });
    expect(two.body.result?.inputRequests).toHaveProperty('second');
    expect(events).toEqual([
      'request-state: open',
      'guard',
      'interceptor: before',
      'interceptor: after input_required',
      'request-state: seal',
    ]);

    events = [];
    const three = await call({
      requestState: two.body.result!.requestState,
      inputResponses: { second: { action: 'accept', content: { answer: 'yes' } } },
    });
    expect(three.body.result?.content).toEqual([{ type: 'text', text: 'rewritten: refused eu/yes' }]);
    expect(events).toEqual([
      'request-state: open',
      'guard',
      'interceptor: before',
      'handler',
      'interceptor: error',
      'filter',
    ]);

    // inside the request-state stage, interceptors see the resolver's progress in plaintext, both ways
    expect(seen[0].incomingProgress).toBeUndefined();
    expect(seen[0].outgoingProgress).toMatchObject({ v: 1, asked: { first: expect.any(String) } });
    expect(seen[1].incomingProgress).toEqual(seen[0].outgoingProgress);
    expect(seen[1].outgoingProgress).toMatchObject({ outcomes: { first: { action: 'accept' } } });
  });

  test('a bad requestState gets the fixed -32602 before any guard, interceptor, filter or handler, whatever they would do', async () => {
    const a = app({ interceptors: [new SwallowingInterceptor()] });
    for (const requestState of ['forged', 'spy.bm90LWpzb24', 42]) {
      const r = await sendRaw(a, 'tools/call', { name: 'deploy', arguments: {}, requestState }, { capabilities: caps });
      expect(r.body.error).toEqual(FIXED);
    }
    expect(events.filter((e) => !e.startsWith('request-state'))).toEqual([]);
  });

  test('a user interceptor sees a direct-form handler state in plaintext, and the outgoing result before it is sealed', async () => {
    const a = app();
    const one = await sendRaw(a, 'tools/call', { name: 'direct', arguments: {} }, { capabilities: caps });
    expect(seen[0].outgoing).toMatchObject({ resultType: 'input_required', requestState: 'plain-step-1' });
    const sealed = one.body.result!.requestState as string;
    expect(sealed).toMatch(/^spy\./);
    expect(sealed).not.toBe('plain-step-1');

    const two = await sendRaw(
      a,
      'tools/call',
      {
        name: 'direct',
        arguments: {},
        requestState: sealed,
        inputResponses: { ok: { action: 'accept', content: {} } },
      },
      { capabilities: caps },
    );
    expect(two.body.result?.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(seen[1].incomingState).toBe('plain-step-1');
  });

  test('describePipeline lists the effective chain, stage by stage, as it runs', () => {
    const a = app({ interceptors: [new SwallowingInterceptor()] });
    expect(a.describePipeline()).toEqual([
      { stage: 'state-refusals', runs: [] },
      { stage: 'request-state', runs: ['RequestStateInterceptor instance'] },
      { stage: 'round-trace', runs: [] },
      { stage: 'filters', runs: ['RewriteEverythingFilter'] },
      { stage: 'guards', runs: ['RecordingGuard'] },
      { stage: 'interceptors', runs: ['SwallowingInterceptor instance', 'RecordingInterceptor'] },
      { stage: 'params', runs: [] },
      { stage: 'invoke', runs: [] },
    ]);
    const deploy = a.describePipeline('tools/call', 'deploy');
    expect(deploy.find((s) => s.stage === 'params')?.runs).toEqual(["#0 @Elicit 'first'", "#1 @Elicit 'second'"]);
    // one module: no module named
    expect(deploy.find((s) => s.stage === 'invoke')?.runs).toEqual(['Flow.deploy']);
    expect(() => a.describePipeline('prompts/get', 'deploy')).toThrow(
      'describePipeline: no prompts/get handler named "deploy" in "pipeline".',
    );
  });
});

describe('the docs show the stage list as it is in the code', () => {
  test("the pipeline page's stage table lists CALL_STAGES, in order", () => {
    const section = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'guide', 'pipeline.md'), 'utf8');
    const documented = [...section.matchAll(/^\| \d+ \| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(CALL_STAGES.map((stage) => stage.name));
  });
});
