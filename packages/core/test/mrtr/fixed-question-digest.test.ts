import 'reflect-metadata';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { argumentsDigest } from '@tessera/request-state/framework';
import { Field } from '@tessera/core';
import { compileDependencies } from '../../src/mrtr/compile-dependencies';
import type { DependencySpec, QuestionInput } from '../../src/mrtr/dependency-spec';
import { renderQuestion } from '../../src/mrtr/render-question';
import { pick } from '../support/random-json';
import { seededRandom } from '../support/seeded-random';

type Next = () => number;
const input: QuestionInput = { args: {}, answers: {} } as unknown as QuestionInput;

/** The digest as every leg computed it before fixed questions kept theirs: of the request rendered now. */
const perCall = (request: unknown) => argumentsDigest(request as Record<string, unknown>);

/** A spec as the decorators record it, compiled as at startup. */
function plan(spec: Record<string, unknown>, paramType?: unknown) {
  const full = { decorator: '@Elicit', key: 'q', ...spec } as unknown as DependencySpec;
  return compileDependencies('Tools.ask', 'ask', [{ index: 0, spec: full }] as never, [paramType])[0]!;
}

const WORDS = ['region', 'size', 'name', 'ok', 'a', 'zz', 'Ünï', 'emoji😀', 'lone\ud800', 'quote"\\'];
const text = (next: Next) =>
  Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(next, WORDS)).join(pick(next, [' ', '-', '\n']));

/** A DTO class with 1-5 random fields (string, integer, boolean, select; some optional, some titled). */
function randomDto(next: Next, n: number): new () => object {
  const cls = { [`Dto${n}`]: class {} }[`Dto${n}`]!;
  const names = new Set<string>();
  const count = 1 + Math.floor(next() * 5);
  while (names.size < count) names.add(`${pick(next, ['f', 'g', 'h'])}${Math.floor(next() * 20)}`);
  for (const name of names) {
    const proto = cls.prototype as object;
    const kind = pick(next, ['string', 'int', 'boolean', 'select'] as const);
    const type = kind === 'int' ? Number : kind === 'boolean' ? Boolean : String;
    Reflect.defineMetadata('design:type', type, proto, name);
    const decorators: PropertyDecorator[] = [];
    if (next() < 0.5) decorators.push(Field({ title: text(next), description: text(next) }) as PropertyDecorator);
    if (next() < 0.3) decorators.push(IsOptional());
    if (kind === 'string') {
      decorators.push(IsString());
      if (next() < 0.5) decorators.push(MinLength(Math.floor(next() * 3)), MaxLength(5 + Math.floor(next() * 9)));
    } else if (kind === 'int') {
      decorators.push(IsInt());
      if (next() < 0.5) decorators.push(Min(-Math.floor(next() * 100)), Max(Math.floor(next() * 100)));
    } else if (kind === 'boolean') decorators.push(IsBoolean());
    else decorators.push(IsIn([...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => text(next)))]));
    for (const d of decorators) d(proto, name);
  }
  return cls as new () => object;
}

describe('a fixed question is digested once, with the per-call digest', () => {
  test('random DTOs and literal messages: the kept digest is the per-call one on every render', () => {
    const seed = Date.now() >>> 0;
    const next = seededRandom(seed);
    for (let n = 0; n < 200; n++) {
      const dto = randomDto(next, n);
      const message = text(next);
      const dep = plan({ kind: 'form-elicitation', message, schema: dto }, dto);
      for (let call = 0; call < 3; call++) {
        const { request, digest } = renderQuestion(dep, input);
        expect({ seed, n, call, digest }).toEqual({ seed, n, call, digest: perCall(request) });
        expect(dep.digest).toBe(digest); // kept: a DTO's schema and a literal message are fixed
      }
      // a question with another message or another DTO gets another digest (the kept one is per plan)
      const reworded = plan({ kind: 'form-elicitation', message: `${message}?`, schema: dto }, dto);
      expect(renderQuestion(reworded, input).digest).not.toBe(dep.digest);
    }
  });

  test('a message computed per call is digested per call, and its digest follows the message', () => {
    let calls = 0;
    const dto = randomDto(seededRandom(7), 0);
    const dep = plan({ kind: 'form-elicitation', message: () => `Question ${calls++ % 2}`, schema: dto }, dto);
    const first = renderQuestion(dep, input);
    const second = renderQuestion(dep, input);
    const third = renderQuestion(dep, input);
    expect(dep.digest).toBeNull();
    expect(second.digest).not.toBe(first.digest);
    expect(third.digest).toBe(first.digest);
    for (const r of [first, second, third]) expect(r.digest).toBe(perCall(r.request));
  });

  test('a raw schema the user still holds is not fixed: changing it changes the digest', () => {
    const schema = { type: 'object' as const, properties: { pick: { type: 'string', enum: ['a', 'b'] } } };
    const dep = plan({ kind: 'form-elicitation', message: 'Pick', schema });
    const before = renderQuestion(dep, input);
    schema.properties.pick.enum.push('c'); // the checked form shares the enum array
    const after = renderQuestion(dep, input);
    expect(dep.digest).toBeNull();
    expect(after.digest).toBe(perCall(after.request));
    expect(after.digest).not.toBe(before.digest);
  });

  test('a frozen raw schema digests as per call (its checked form is not frozen, so it is not kept)', () => {
    const schema = Object.freeze({
      type: 'object' as const,
      properties: Object.freeze({ pick: Object.freeze({ type: 'string', enum: Object.freeze(['a', 'b']) }) }),
    });
    const dep = plan({ kind: 'form-elicitation', message: 'Pick', schema });
    const { request, digest } = renderQuestion(dep, input);
    // the checked form's properties object is Tessera's own, not frozen: only what cannot change is kept
    expect(digest).toBe(perCall(request));
    expect(dep.digest).toBeNull();
  });

  test('sampling: a literal request the user holds is digested per call; a deeply frozen one once', () => {
    const request = {
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }],
      maxTokens: 5,
    };
    const open = plan({ kind: 'sampling', decorator: '@Sample', request });
    const before = renderQuestion(open, input);
    request.maxTokens = 6;
    const after = renderQuestion(open, input);
    expect(open.digest).toBeNull();
    expect(after.digest).not.toBe(before.digest);
    expect(after.digest).toBe(perCall(after.request));

    const frozen = JSON.parse(JSON.stringify(request), (_k, v: unknown) => Object.freeze(v)) as typeof request;
    const fixed = plan({ kind: 'sampling', decorator: '@Sample', request: frozen });
    const rendered = renderQuestion(fixed, input);
    expect(fixed.digest).toBe(rendered.digest);
    expect(rendered.digest).toBe(after.digest); // same content, same digest, kept or not
  });

  test('url elicitation and roots: literal parts are kept, computed ones are not', () => {
    const url = plan({
      kind: 'url-elicitation',
      decorator: '@Elicit.url',
      message: 'Sign in',
      url: 'https://x/a',
    });
    const r = renderQuestion(url, input);
    expect(url.digest).toBe(r.digest);
    expect(r.digest).toBe(perCall(r.request));
    let n = 0;
    const computed = plan({
      kind: 'url-elicitation',
      decorator: '@Elicit.url',
      message: 'Sign in',
      url: () => `https://x/${n++}`,
    });
    const a = renderQuestion(computed, input);
    const b = renderQuestion(computed, input);
    expect(computed.digest).toBeNull();
    expect(a.digest).not.toBe(b.digest);
    expect(b.digest).toBe(perCall(b.request));

    const roots = plan({ kind: 'roots', decorator: '@ListRoots' });
    const listed = renderQuestion(roots, input);
    expect(roots.digest).toBe(perCall(listed.request));
  });
});
