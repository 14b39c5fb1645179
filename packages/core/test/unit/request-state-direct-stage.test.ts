import { ProtocolError } from '@modelcontextprotocol/server';
import { RequestStateSecurity, type RequestStateSealer } from '@tessera/request-state';
import { silentLogger } from '@tessera/core';
import { RequestStateInterceptor, type StateCarrier } from '../../src/pipeline/request-state.interceptor';
import { markHandlerStarted } from '../../src/pipeline/handler-started';

// The request-state stage takes a sealer's direct path (sealDirect, openLegDirect) when it has one, and the
// promise path of a sealer that has only the required methods: every leg answers alike on both.
const KEY = 'k'.repeat(32) + '-direct-stage-tests';

/** The same sealer, seen through the required methods only (a custom sealer written before the direct path). */
function promiseOnly(sealer: RequestStateSealer, calls: string[]): RequestStateSealer {
  return {
    audience: sealer.audience,
    idempotentLegs: sealer.idempotentLegs,
    seal: (state, binding) => (calls.push('seal'), sealer.seal(state, binding)),
    open: (token, binding) => sealer.open(token, binding),
    openOnce: (token, binding) => sealer.openOnce(token, binding),
    openLeg: (token, binding, key) => (calls.push('openLeg'), sealer.openLeg(token, binding, key)),
    claimFirstLeg: (binding, key) => sealer.claimFirstLeg(binding, key),
    giveBack: (token) => (calls.push('giveBack'), sealer.giveBack(token)),
  };
}

function carrier(requestState?: unknown, target = 'book'): StateCarrier {
  return {
    method: 'tools/call',
    target,
    arguments: { city: 'Oslo' },
    authInfo: undefined,
    sdk: { mcpReq: { requestState: () => requestState } },
    requestState: undefined,
    resolverProgress: { incoming: undefined, outgoing: undefined },
    flow: { incoming: undefined, outgoing: undefined },
    idempotencyKey: undefined,
  } as unknown as StateCarrier;
}

const ASK = { resultType: 'input_required', inputRequests: { q: { method: 'elicitation/create', params: {} } } };

async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    const result = (await run()) as Record<string, unknown>;
    return `answered ${JSON.stringify({ ...result, requestState: typeof result?.['requestState'] })}`;
  } catch (error) {
    const e = error as Error & { reason?: string; code?: number };
    return `refused ${e.constructor.name} ${e.code ?? ''} ${e.reason ?? ''}`;
  }
}

describe('request-state stage: a sealer with a direct path against one without', () => {
  const security = new RequestStateSecurity({ keys: [KEY] });
  const sealer = security.forServer('srv');
  const calls: string[] = [];
  const stages = {
    direct: new RequestStateInterceptor({ sealer, logger: silentLogger }),
    promise: new RequestStateInterceptor({ sealer: promiseOnly(sealer, calls), logger: silentLogger }),
  };
  beforeEach(() => (calls.length = 0));

  it('seals a first leg that asks, and opens the next leg to the same progress, on both paths', async () => {
    for (const stage of Object.values(stages)) {
      const first = carrier();
      const asked = (await stage.intercept(first, () => {
        markHandlerStarted(first);
        first.resolverProgress.outgoing = { step: 1 };
        return Promise.resolve(ASK);
      })) as { requestState: string };
      expect(await sealer.open(asked.requestState, { ...first, principal: null })).toEqual({ r: { step: 1 } });
      const second = carrier(asked.requestState);
      const done = await stage.intercept(second, () => {
        markHandlerStarted(second);
        expect(second.resolverProgress.incoming).toEqual({ step: 1 });
        return Promise.resolve({ content: [] });
      });
      expect(done).toEqual({ content: [] });
    }
    // the promise path was taken only by the sealer without a direct one
    expect(calls).toEqual(['seal', 'openLeg']);
  });

  it('answers a tampered token, a refusal before the handler and a failing handler alike', async () => {
    const token = await sealer.seal({ r: { step: 1 } }, { ...carrier(), principal: null });
    const cases: Array<[string, unknown, (call: StateCarrier) => Promise<unknown>]> = [
      ['tampered', token.slice(0, -2) + 'AA', () => Promise.resolve({ content: [] })],
      ['another tool', token, () => Promise.resolve({ content: [] })],
      ['guard refusal', token, () => Promise.reject(new ProtocolError(-32602, 'refused'))],
      ['filtered refusal', token, () => Promise.resolve({ content: [], isError: true })],
      ['handler throws', token, (call) => (markHandlerStarted(call), Promise.reject(new ProtocolError(-32000, 'x')))],
      [
        'asks again',
        token,
        (call) => (markHandlerStarted(call), (call.resolverProgress.outgoing = 2), Promise.resolve(ASK)),
      ],
    ];
    for (const [what, raw, handler] of cases) {
      const run = (stage: RequestStateInterceptor) => () => {
        const call = carrier(raw, what === 'another tool' ? 'cancel' : 'book');
        return stage.intercept(call, () => handler(call));
      };
      expect([what, await outcome(run(stages.direct))]).toEqual([what, await outcome(run(stages.promise))]);
    }
    // the two legs refused before their handler gave their token back
    expect(calls.filter((call) => call === 'giveBack')).toHaveLength(2);
    expect(await outcome(() => stages.direct.intercept(carrier('v1.x'), () => Promise.resolve(1)))).toBe(
      'refused InvalidRequestStateError TESSERA_INVALID_REQUEST_STATE malformed',
    );
  });

  it('answers a sealing failure as -32603 whether the sealer throws at once or rejects', async () => {
    const failing = (direct: boolean): RequestStateSealer => {
      const base = promiseOnly(sealer, []);
      const boom = new Error('kms down');
      return direct
        ? {
            ...base,
            sealDirect: () => {
              throw boom;
            },
          }
        : { ...base, seal: () => Promise.reject(boom) };
    };
    for (const direct of [true, false]) {
      const stage = new RequestStateInterceptor({ sealer: failing(direct), logger: silentLogger });
      const call = carrier();
      const answer = outcome(() =>
        stage.intercept(call, () => ((call.resolverProgress.outgoing = 1), Promise.resolve(ASK))),
      );
      expect(await answer).toBe('refused ProtocolError -32603 ');
    }
  });
});
