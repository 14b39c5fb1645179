import { randomBytes } from 'node:crypto';
import { IsIn } from 'class-validator';
import {
  createApp,
  Elicit,
  Field,
  Prompt,
  Provider,
  RequestStateSecurity,
  silentLogger,
  Tool,
  type LogFields,
} from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { Deployer } from './mrtr-fixtures';

const caps = { elicitation: {} };
const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };
const k = () => randomBytes(32);

function app(name: string, security?: RequestStateSecurity<never>, logs: Array<[string, LogFields | undefined]> = []) {
  return createApp({
    name,
    version: '1',
    providers: [Deployer],
    security: security as never,
    logger: { ...silentLogger, warn: (m, f) => void logs.push([m, f]) },
  });
}

/** First leg of a two-question flow: returns the sealed state the server issued. */
async function firstLeg(
  a: { fetch(r: Request): Promise<Response> },
  tool = 'sequential',
  args: Record<string, unknown> = {},
) {
  const r = await sendRaw(a, 'tools/call', { name: tool, arguments: args }, { capabilities: caps });
  expect(r.body.result?.resultType).toBe('input_required');
  return r.body.result!.requestState as string;
}

const answerFirst = { first: { action: 'accept', content: { region: 'eu' } } };

/** The retry of `pick` answering its region question ('eu'), with the state given. */
function answerPickRegion(a: { fetch(r: Request): Promise<Response> }, requestState: unknown) {
  return sendRaw(
    a,
    'tools/call',
    {
      name: 'pick',
      arguments: {},
      requestState,
      inputResponses: { region: { action: 'accept', content: { region: 'eu' } } },
    },
    { capabilities: caps },
  );
}

/** The retry of `sequential` answering its first question, with the state given. */
function answerFirstLeg(a: { fetch(r: Request): Promise<Response> }, requestState: string) {
  return sendRaw(
    a,
    'tools/call',
    { name: 'sequential', arguments: {}, requestState, inputResponses: answerFirst },
    { capabilities: caps },
  );
}

describe('requestState through a decorated server', () => {
  test('a state the server issued continues the flow; tampered, it gets the fixed error and the real reason is logged', async () => {
    const logs: Array<[string, LogFields | undefined]> = [];
    const a = app('s', undefined, logs);
    const state = await firstLeg(a);
    const ok = await sendRaw(
      a,
      'tools/call',
      { name: 'sequential', arguments: {}, requestState: state, inputResponses: answerFirst },
      { capabilities: caps, id: 2 },
    );
    expect(ok.body.result?.inputRequests).toHaveProperty('second');
    const flipped = state.slice(0, -2) + (state.at(-2) === 'A' ? 'B' : 'A') + state.at(-1);
    const bad = await sendRaw(
      a,
      'tools/call',
      { name: 'sequential', arguments: {}, requestState: flipped, inputResponses: answerFirst },
      { capabilities: caps, id: 3 },
    );
    expect(bad.body.error).toEqual(FIXED);
    expect(logs.some(([m, f]) => m === 'requestState refused' && typeof f?.reason === 'string')).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(state.slice(3, 20));
  });

  test('replays are refused with the same answer: other tool, other arguments, other method', async () => {
    class Choice {
      @IsIn(['a', 'b'])
      pick!: string;
    }
    @Provider()
    class Twins {
      @Tool()
      same(@Elicit({ key: 'q', message: 'Pick', schema: Choice }) c: Choice): string {
        return c.pick;
      }
      @Prompt()
      same_prompt(@Elicit({ key: 'q', message: 'Pick', schema: Choice }) c: Choice): string {
        return c.pick;
      }
    }
    const a = createApp({ name: 's', version: '1', providers: [Deployer, Twins], logger: silentLogger });
    const all = { elicitation: {}, sampling: {} };
    const call = (method: string, name: string, args: Record<string, unknown>, requestState?: string) =>
      sendRaw(a, method, { name, arguments: args, ...(requestState ? { requestState } : {}) }, { capabilities: all });
    const state = (await call('tools/call', 'deploy', { app: 'shop' })).body.result!.requestState as string;
    expect((await call('tools/call', 'sequential', {}, state)).body.error).toEqual(FIXED);
    expect((await call('tools/call', 'deploy', { app: 'bank' }, state)).body.error).toEqual(FIXED);
    expect((await call('tools/call', 'deploy', { app: 'shop' }, state)).body.result?.resultType).toBe('input_required');
    const toolState = (await call('tools/call', 'same', {})).body.result!.requestState as string;
    expect((await call('prompts/get', 'same_prompt', {}, toolState)).body.error).toEqual(FIXED);
  });

  test('a handler that never issues state still refuses one', async () => {
    const r = await sendRaw(
      app('s'),
      'tools/call',
      { name: 'strict', arguments: {}, requestState: 'v1.forged' },
      { capabilities: caps },
    );
    expect(r.body.error).toEqual(FIXED);
  });

  test('another principal (same OAuth client, other subject) is refused', async () => {
    const a = app('s');
    const as = (sub: string) => ({
      fetch: (r: Request) =>
        a.fetch(r, {
          authInfo: { token: 't', clientId: 'c1', scopes: [], extra: { subject: sub, issuer: 'https://idp' } },
        }),
    });
    const state = await firstLeg(as('alice'));
    const bob = await answerFirstLeg(as('bob'), state);
    expect(bob.body.error).toEqual(FIXED);
    const alice = await answerFirstLeg(as('alice'), state);
    expect(alice.body.result?.resultType).toBe('input_required');
  });

  test('another audience sharing the key, and a key the instance does not know, are refused', async () => {
    const key = k();
    const a = app('alpha', new RequestStateSecurity({ keys: [key] }));
    const state = await firstLeg(a);
    const beta = await sendRaw(
      app('beta', new RequestStateSecurity({ keys: [key] })),
      'tools/call',
      { name: 'sequential', arguments: {}, requestState: state },
      { capabilities: caps },
    );
    expect(beta.body.error).toEqual(FIXED);
    const stranger = await sendRaw(
      app('alpha', new RequestStateSecurity({ keys: [k()] })),
      'tools/call',
      { name: 'sequential', arguments: {}, requestState: state },
      { capabilities: caps },
    );
    expect(stranger.body.error).toEqual(FIXED);
  });

  test('expiry per round, and every round re-sealed with a fresh expiry (injectable clock)', async () => {
    let now = 1_000_000_000_000;
    const security = new RequestStateSecurity({ keys: [k()], ttl: 60, clock: () => now });
    const a = app('s', security);
    const s1 = await firstLeg(a);
    now += 59_000; // inside the TTL of round 1
    const r2 = await answerFirstLeg(a, s1);
    const s2 = r2.body.result!.requestState as string;
    expect(s2).not.toBe(s1);
    now += 59_000; // 118 s after round 1, 59 s after round 2
    const late1 = await answerFirstLeg(a, s1);
    expect(late1.body.error).toEqual(FIXED);
    const fine2 = await sendRaw(
      a,
      'tools/call',
      {
        name: 'sequential',
        arguments: {},
        requestState: s2,
        inputResponses: { second: { action: 'accept', content: { answer: 'y' } } },
      },
      { capabilities: caps },
    );
    expect(fine2.body.result?.content).toEqual([{ type: 'text', text: 'eu/y' }]);
    now += 61_000;
    const late2 = await sendRaw(
      a,
      'tools/call',
      { name: 'sequential', arguments: {}, requestState: s2 },
      { capabilities: caps },
    );
    expect(late2.body.error).toEqual(FIXED);
  });

  test('rotation [OLD,NEW] -> [NEW,OLD] -> [NEW] across three instances keeps flows in flight', async () => {
    const OLD = k();
    const NEW = k();
    const phase0 = app('fleet', new RequestStateSecurity({ keys: [OLD] }));
    const phase1 = app('fleet', new RequestStateSecurity({ keys: [OLD, NEW] }));
    const phase2 = app('fleet', new RequestStateSecurity({ keys: [NEW, OLD] }));
    const phase3 = app('fleet', new RequestStateSecurity({ keys: [NEW] }));
    const cont = (a: typeof phase0, state: string) =>
      sendRaw(
        a,
        'tools/call',
        { name: 'sequential', arguments: {}, requestState: state, inputResponses: answerFirst },
        { capabilities: caps },
      );
    const fromOld = await firstLeg(phase0);
    expect((await cont(phase1, fromOld)).body.result?.resultType).toBe('input_required');
    const fromPhase1 = await firstLeg(phase1); // still sealed with OLD: phase-0 instances can read it
    expect((await cont(phase0, fromPhase1)).body.result?.resultType).toBe('input_required');
    const fromPhase2 = await firstLeg(phase2); // sealed with NEW, which phase-1 instances already know
    expect((await cont(phase1, fromPhase2)).body.result?.resultType).toBe('input_required');
    expect((await cont(phase2, fromPhase1)).body.result?.resultType).toBe('input_required');
    expect((await cont(phase3, fromPhase2)).body.result?.resultType).toBe('input_required');
    expect((await cont(phase3, fromPhase1)).body.error).toEqual(FIXED);
  });
});

describe('question pinning', () => {
  class Region {
    @Field({ title: 'Region' })
    @IsIn(['eu', 'us'])
    region!: string;
  }
  const build = (message: string) => {
    @Provider()
    class Pinned {
      @Tool()
      pick(
        @Elicit({ key: 'region', message, schema: Region }) r: Region,
        @Elicit({ key: 'size', after: ['region'], message: 'Size?', schema: Region }) _s: Region,
      ): string {
        return r.region;
      }
    }
    return Pinned;
  };

  test('an answer recorded for a reworded, redeployed question is asked again, not consumed', async () => {
    const key = k();
    const v1 = createApp({
      name: 'pin',
      version: '1',
      providers: [build('Which region?')],
      security: new RequestStateSecurity({ keys: [key] }),
      logger: silentLogger,
    });
    const first = await sendRaw(v1, 'tools/call', { name: 'pick', arguments: {} }, { capabilities: caps });
    const second = await answerPickRegion(v1, first.body.result!.requestState);
    expect(Object.keys(second.body.result!.inputRequests as object)).toEqual(['size']);
    const v2 = createApp({
      name: 'pin',
      version: '2',
      providers: [build('Which region, exactly?')],
      security: new RequestStateSecurity({ keys: [key] }),
      logger: silentLogger,
    });
    const retried = await sendRaw(
      v2,
      'tools/call',
      { name: 'pick', arguments: {}, requestState: second.body.result!.requestState },
      { capabilities: caps },
    );
    expect(retried.body.result?.inputRequests).toHaveProperty('region');
    expect(
      (retried.body.result!.inputRequests as Record<string, { params: { message: string } }>).region.params.message,
    ).toBe('Which region, exactly?');
  });
  test('an answer to the question as a previous deployment asked it is asked again, not taken', async () => {
    const key = k();
    const deploy = (version: string, message: string) =>
      createApp({
        name: 'pin',
        version,
        providers: [build(message)],
        security: new RequestStateSecurity({ keys: [key] }),
        logger: silentLogger,
      });
    const first = await sendRaw(
      deploy('1', 'Which region?'),
      'tools/call',
      { name: 'pick', arguments: {} },
      { capabilities: caps },
    );
    const answered = await answerPickRegion(deploy('2', 'Which region, exactly?'), first.body.result!.requestState);
    expect(Object.keys(answered.body.result!.inputRequests as object)).toEqual(['region']);
  });
});

describe('bindPrincipal', () => {
  const tenantOf = (r: Request) => r.headers.get('x-tenant') ?? '';
  function tenantApp(bind: (tenant: string) => string) {
    let current = '';
    const security = new RequestStateSecurity<{ sdk: { http?: { req?: Request } } }>({
      keys: [k()],
      bindPrincipal: () => bind(current),
    });
    const a = createApp({
      name: 'tenants',
      version: '1',
      providers: [Deployer],
      security: security as never,
      logger: silentLogger,
    });
    return (tenant: string) => ({
      fetch: (r: Request) => {
        current = tenant || tenantOf(r);
        return a.fetch(r);
      },
    });
  }

  test("an identity from the author's own signal binds the state", async () => {
    const as = tenantApp((t) => t);
    const state = await firstLeg(as('acme'));
    const other = await answerFirstLeg(as('globex'), state);
    expect(other.body.error).toEqual(FIXED);
    const same = await answerFirstLeg(as('acme'), state);
    expect(same.body.result?.resultType).toBe('input_required');
  });

  test('a bindPrincipal that throws: -32603 when sealing, the fixed error when verifying', async () => {
    let fail = false;
    const as = tenantApp((t) => {
      if (fail) throw new Error('directory down');
      return t;
    });
    const state = await firstLeg(as('acme'));
    fail = true;
    const sealing = await sendRaw(
      as('acme'),
      'tools/call',
      { name: 'sequential', arguments: {} },
      { capabilities: caps },
    );
    expect(sealing.body.error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/^Internal error \(ref [0-9a-f]{8}\)$/),
    });
    const verifying = await answerFirstLeg(as('acme'), state);
    expect(verifying.body.error).toEqual(FIXED);
  });
});
