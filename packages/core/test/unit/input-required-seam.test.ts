import {
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { InputRequiredSeam, type SeamInternals } from '../../src/lane/direct/input-required-seam';

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
