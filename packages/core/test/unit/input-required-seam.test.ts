import {
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { InputRequiredSeam, type SeamInternals } from '../../src/accelerators/lane/direct/input-required-seam';
import { seededRandom } from '../support/seeded-random';

/**
 * The lane's seam against the SDK's own `_invokeInputRequiredCapableHandler` on the same server: whatever
 * the call carries (no state, a string state, a state of another type) and whatever the handler gives (a
 * result, an input-required one that breaks or keeps the SDK's rules, a throw), the outcome is the SDK's, and
 * a server with a `requestState.verify` hook still has it run on every state.
 */
const FORM = { type: 'object' as const, properties: { n: { type: 'string' as const } } };
const ASK = inputRequired({ inputRequests: { n: inputRequired.elicit({ message: 'n?', requestedSchema: FORM }) } });
const OUTCOMES: Record<string, () => unknown> = {
  complete: () => ({ content: [{ type: 'text', text: 'ok' }] }),
  'input-required': () => ASK,
  'input-required with nothing in it': () => ({ resultType: 'input_required' }),
  'a plain throw': () => {
    throw new Error('boom');
  },
  'a URL elicitation thrown': () => {
    throw new ProtocolError(ProtocolErrorCode.UrlElicitationRequired, 'go there', { elicitations: [] });
  },
};
const STATES: unknown[] = [undefined, 'sealed-state', '', 42, { s: 1 }];
const CAPABILITIES: unknown[] = [undefined, { elicitation: { form: {} } }];

function contextOf(state: unknown, capabilities: unknown): ServerContext {
  const envelope = capabilities === undefined ? {} : { 'io.modelcontextprotocol/clientCapabilities': capabilities };
  return { mcpReq: { requestState: () => state, envelope } } as unknown as ServerContext;
}

async function settled(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { result: await run() };
  } catch (error) {
    const e = error as { constructor: { name: string }; code?: unknown; message?: unknown; data?: unknown };
    return { thrown: e.constructor.name, code: e.code, message: e.message, data: e.data };
  }
}

function bound(server: Server): SeamInternals {
  const internals = server as unknown as SeamInternals;
  internals._negotiatedProtocolVersion = '2026-07-28';
  return internals;
}

describe('the lane seam', () => {
  it.each([false, true])('gives the SDK seam outcome for every state and outcome (verify hook: %s)', async (hook) => {
    const verified: unknown[] = [];
    const options = hook
      ? {
          requestState: {
            verify: (state: string) => {
              verified.push(state);
              if (state === '') throw new Error('refused');
              return { opened: state };
            },
          },
        }
      : {};
    const server = new Server({ name: 'seam', version: '1' }, options);
    const seam = new InputRequiredSeam(server);
    const sdk = bound(new Server({ name: 'seam', version: '1' }, options));
    for (const state of STATES)
      for (const capabilities of CAPABILITIES)
        for (const [name, outcome] of Object.entries(OUTCOMES)) {
          const ctx = contextOf(state, capabilities);
          const seen: { ours: unknown[]; theirs: unknown[] } = { ours: [], theirs: [] };
          const handlerFor = (side: 'ours' | 'theirs') => (c: ServerContext) => {
            seen[side].push(c.mcpReq.requestState());
            return Promise.resolve().then(outcome);
          };
          const hooked = verified.length;
          const ours = await settled(() => seam.invoke('tools/call', ctx, handlerFor('ours')));
          const oursVerified = verified.length - hooked;
          const theirs = await settled(() =>
            sdk._invokeInputRequiredCapableHandler('tools/call', (_r, c) => handlerFor('theirs')(c), undefined, ctx),
          );
          const case_ = { state, capabilities, name };
          expect({ ...case_, outcome: ours }).toEqual({ ...case_, outcome: theirs });
          // the handler ran as often and saw the same state (the hook's opened value when there is one)
          expect({ ...case_, seen: seen.ours }).toEqual({ ...case_, seen: seen.theirs });
          // the hook ran on a string state before the handler, on the lane's seam as on the SDK's
          if (hook && typeof state === 'string')
            expect({ ...case_, verified: oursVerified }).toEqual({ ...case_, verified: 1 });
        }
  });
});

/**
 * The lane's seam gives an input-required result back without the SDK's seam only where the SDK's checks
 * surely pass (input-required-seam.ts, `surelyPasses`): on seeded random questions and declared
 * capabilities, its outcome is the SDK seam's, and the usual first leg skips the SDK's seam. The seed is
 * printed so a failure can be replayed (SEAM_FUZZ_SEED).
 */
describe('the lane seam on input-required results', () => {
  const SEED = Number(process.env.SEAM_FUZZ_SEED ?? Date.now() % 1_000_000);
  const pickOne = <T>(next: () => number, from: readonly T[]): T => from[Math.floor(next() * from.length)]!;
  const PARAMS: unknown[] = [
    { mode: 'form', message: 'n?', requestedSchema: FORM },
    { message: 'n?', requestedSchema: FORM },
    { mode: 'url', message: 'go', url: 'https://example.com', elicitationId: 'e' },
    { mode: 'other' },
    undefined,
    null,
    'x',
  ];
  const REQUESTS: Array<(next: () => number) => unknown> = [
    (next) => ({ method: 'elicitation/create', params: pickOne(next, PARAMS) }),
    (next) => ({ method: 'elicitation/create', params: pickOne(next, PARAMS) }),
    () => ({ method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } }),
    () => ({ method: 'roots/list' }),
    () => ({ method: 'tools/list' }),
    (next) => pickOne(next, [null, 5, 'elicitation/create', [], {}]),
  ];
  const DECLARED: unknown[] = [
    undefined,
    null,
    {},
    { elicitation: {} },
    { elicitation: { form: {} } },
    { elicitation: { url: {} } },
    { elicitation: { form: {}, url: {} } },
    { elicitation: { form: undefined, url: {} } },
    { elicitation: true },
    { elicitation: [] },
    { elicitation: null },
    { sampling: {}, roots: {} },
    { elicitation: {}, sampling: { tools: {} } },
    Object.create({ elicitation: {} }),
  ];

  function randomInputRequests(next: () => number): unknown {
    const r = next();
    if (r < 0.08) return pickOne(next, [undefined, null, 'ab', [], {}]);
    const requests: Record<string, unknown> = r < 0.5 ? Object.create(null) : {};
    for (let n = 1 + Math.floor(next() * 3); n > 0; n--) requests[`q${n}`] = pickOne(next, REQUESTS)(next);
    return r < 0.12 ? Object.values(requests) : requests;
  }

  it(`gives the SDK seam's outcome for random questions and capabilities (seed ${SEED}; SEAM_FUZZ_SEED=${SEED} replays it)`, async () => {
    const next = seededRandom(SEED);
    const seam = new InputRequiredSeam(new Server({ name: 'seam', version: '1' }, {}));
    const sdk = bound(new Server({ name: 'seam', version: '1' }, {}));
    for (let i = 0; i < 2000; i++) {
      const result: Record<string, unknown> = { resultType: 'input_required' };
      const requests = randomInputRequests(next);
      if (requests !== undefined) result.inputRequests = requests;
      if (next() < 0.3) result.requestState = pickOne(next, ['sealed', 5]);
      const declared = pickOne(next, DECLARED);
      const ctx = {
        mcpReq: {
          requestState: () => undefined,
          envelope: next() < 0.05 ? undefined : { 'io.modelcontextprotocol/clientCapabilities': declared },
        },
      } as unknown as ServerContext;
      const ours = await settled(() => seam.invoke('tools/call', ctx, () => Promise.resolve(result)));
      const theirs = await settled(() =>
        sdk._invokeInputRequiredCapableHandler('tools/call', () => Promise.resolve(result), undefined, ctx),
      );
      expect({ seed: SEED, case: i, result, declared, ours }).toEqual({
        seed: SEED,
        case: i,
        result,
        declared,
        ours: theirs,
      });
    }
  });

  it("gives the usual first leg back without the SDK's seam", async () => {
    const server = new Server({ name: 'seam', version: '1' }, {});
    const seam = new InputRequiredSeam(server);
    const sdkSeam = jest.spyOn(server as unknown as SeamInternals, '_invokeInputRequiredCapableHandler');
    for (const declared of [{ elicitation: {} }, { elicitation: { form: {} } }]) {
      const ctx = contextOf(undefined, declared);
      await expect(seam.invoke('tools/call', ctx, () => Promise.resolve(ASK))).resolves.toBe(ASK);
    }
    expect(sdkSeam).not.toHaveBeenCalled();
    // a URL question, or a client declaring only URL elicitation: the SDK's seam decides
    await settled(() =>
      seam.invoke('tools/call', contextOf(undefined, { elicitation: { url: {} } }), () => Promise.resolve(ASK)),
    );
    expect(sdkSeam).toHaveBeenCalledTimes(1);
  });
});
