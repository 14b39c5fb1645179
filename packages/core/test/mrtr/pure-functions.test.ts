import type { ClientCapabilities, InputRequest } from '@modelcontextprotocol/server';
import { formElicitation } from '../../src/mrtr/kinds/form-elicitation.kind';
import { roots as rootsKind } from '../../src/mrtr/kinds/roots.kind';
import { sampling } from '../../src/mrtr/kinds/sampling.kind';
import { urlElicitation } from '../../src/mrtr/kinds/url-elicitation.kind';
import type { QuestionKind } from '../../src/mrtr/question-kind';
import { readResolverState } from '../../src/mrtr/resolver-state';

const form = {
  method: 'elicitation/create' as const,
  params: { mode: 'form' as const, message: 'm', requestedSchema: { type: 'object' as const, properties: {} } },
};
const url = { method: 'elicitation/create' as const, params: { mode: 'url' as const, message: 'm', url: 'https://x' } };
const sample = { method: 'sampling/createMessage' as const, params: { messages: [], maxTokens: 5 } };
const sampleTools = {
  method: 'sampling/createMessage' as const,
  params: { messages: [], maxTokens: 5, tools: [{ name: 't', inputSchema: { type: 'object' as const } }] },
};
const roots = { method: 'roots/list' as const };

/** Each question kind decides what its own request needs. */
const KIND_OF = new Map<object, QuestionKind<never>>([
  [form, formElicitation],
  [url, urlElicitation],
  [sample, sampling],
  [sampleTools, sampling],
  [roots, rootsKind],
] as never);
function missingCapability(request: object, caps: ClientCapabilities | undefined) {
  return (KIND_OF.get(request) as unknown as QuestionKind).missingCapability(request as InputRequest, caps ?? {});
}

describe('missingCapability (what the current request must declare)', () => {
  test.each([
    ['form elicitation, bare elicitation: {}', form, { elicitation: {} }, undefined],
    ['form elicitation, form declared', form, { elicitation: { form: {} } }, undefined],
    ['form elicitation, url only', form, { elicitation: { url: {} } }, { elicitation: { form: {} } }],
    ['form elicitation, nothing', form, {}, { elicitation: { form: {} } }],
    ['url elicitation, form only', url, { elicitation: { form: {} } }, { elicitation: { url: {} } }],
    ['url elicitation, bare', url, { elicitation: {} }, { elicitation: { url: {} } }],
    ['url elicitation, url declared', url, { elicitation: { url: {} } }, undefined],
    ['sampling, nothing', sample, {}, { sampling: {} }],
    ['sampling, declared', sample, { sampling: {} }, undefined],
    ['sampling with tools, sampling only', sampleTools, { sampling: {} }, { sampling: { tools: {} } }],
    ['sampling with tools, nothing', sampleTools, {}, { sampling: { tools: {} } }],
    ['sampling with tools, declared', sampleTools, { sampling: { tools: {} } }, undefined],
    ['roots, nothing', roots, {}, { roots: {} }],
    ['roots, declared', roots, { roots: {} }, undefined],
  ])('%s', (_name, request, caps, expected) => {
    expect(missingCapability(request as never, caps as never)).toEqual(expected);
  });

  test('undefined capabilities declare nothing', () => {
    expect(missingCapability(form as never, undefined)).toEqual({ elicitation: { form: {} } });
  });
});

describe('readResolverState (opened from the sealed state; unexpected shapes read as no progress)', () => {
  const empty = { v: 1, outcomes: {}, asked: {} };
  test.each([
    undefined,
    null,
    5,
    'x',
    [],
    {},
    { v: 2, outcomes: {}, asked: {} },
    { v: 1, outcomes: [], asked: {} },
    { v: 1, outcomes: {} },
  ])('%p -> empty', (raw) => {
    expect(readResolverState(raw)).toEqual(empty);
  });

  test('keeps well-formed entries and drops forged ones', () => {
    const state = readResolverState({
      v: 1,
      outcomes: {
        a: { q: 'd1', action: 'accept', data: { x: 1 } },
        b: { q: 5, action: 'accept' },
        c: { q: 'd3', action: 'maybe' },
        d: 'nope',
      },
      asked: { e: 'd5', f: 7 },
    });
    expect(state.outcomes).toEqual({ a: { q: 'd1', action: 'accept', data: { x: 1 } } });
    expect({ ...state.asked }).toEqual({ e: 'd5' });
  });

  test('__proto__ keys cannot pollute', () => {
    const state = readResolverState(
      JSON.parse('{"v":1,"outcomes":{"__proto__":{"q":"d","action":"accept"}},"asked":{"__proto__":"d"}}'),
    );
    expect(({} as Record<string, unknown>).q).toBeUndefined();
    expect(Object.getPrototypeOf(state.outcomes)).toBeNull();
  });
});
