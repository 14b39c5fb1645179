import { questionKindOf } from '../../src/mrtr/question-kinds';
import type { DependencyPlan } from '../../src/mrtr/dependency-plan';
import type { DependencySpec } from '../../src/mrtr/dependency-spec';

// Each question kind is one registered strategy: the resolver never switches on kinds itself.

const input = { args: { app: 'shop' }, answers: {}, outcomes: {} };
const plan = (spec: DependencySpec): DependencyPlan => ({
  key: 'q',
  index: 0,
  spec,
  after: [],
  inject: 'outcome',
  requestedSchema: { type: 'object', properties: {} },
});

describe('question kinds', () => {
  test.each([
    [
      {
        kind: 'form-elicitation',
        decorator: '@Elicit',
        message: ({ args }: { args: Record<string, unknown> }) => `For ${String(args.app)}?`,
        schema: { type: 'object', properties: {} },
      },
      'elicitation/create',
      { mode: 'form', message: 'For shop?' },
    ],
    [
      { kind: 'url-elicitation', decorator: '@Elicit.url', message: 'Sign in', url: 'https://idp.example/x' },
      'elicitation/create',
      { mode: 'url', url: 'https://idp.example/x' },
    ],
    [
      { kind: 'sampling', decorator: '@Sample', request: { messages: [], maxTokens: 5 } },
      'sampling/createMessage',
      { maxTokens: 5 },
    ],
    [{ kind: 'roots', decorator: '@ListRoots' }, 'roots/list', undefined],
  ] as Array<[DependencySpec, string, object | undefined]>)('%o renders its own request', (spec, method, params) => {
    const kind = questionKindOf(spec);
    expect(kind.kind).toBe(spec.kind);
    const request = kind.render(plan(spec), spec, input);
    expect(request.method).toBe(method);
    if (params) expect(request.params).toMatchObject(params);
  });

  test('only elicitations are questions for people (declinable, re-asked with a reason)', () => {
    const kinds = (['form-elicitation', 'url-elicitation', 'sampling', 'roots'] as const).map((kind) =>
      questionKindOf({ kind, decorator: '@Elicit' } as DependencySpec),
    );
    expect(kinds.map((k) => k.elicitation)).toEqual([true, true, false, false]);
  });

  test('each kind checks the shape of its own answers', () => {
    const roots = questionKindOf({ kind: 'roots', decorator: '@ListRoots' });
    expect(
      roots.read(plan({ kind: 'roots', decorator: '@ListRoots' }), { roots: [{ uri: 'file:///a' }] }),
    ).toMatchObject({ ok: true, value: [{ uri: 'file:///a' }] });
    expect(roots.read(plan({ kind: 'roots', decorator: '@ListRoots' }), { action: 'accept' })).toMatchObject({
      ok: false,
    });
    const url = questionKindOf({ kind: 'url-elicitation', decorator: '@Elicit.url', message: 'm', url: 'u' });
    expect(
      url.read(plan({ kind: 'url-elicitation', decorator: '@Elicit.url', message: 'm', url: 'u' }), {
        action: 'maybe',
      }),
    ).toEqual({ ok: false, reason: 'action is not accept, decline or cancel' });
  });

  test('a spec of an unregistered kind is refused, naming it', () => {
    expect(() => questionKindOf({ kind: 'telepathy', decorator: '@Elicit' } as never)).toThrow(
      'No question kind registered for "telepathy" (@Elicit).',
    );
  });
});
