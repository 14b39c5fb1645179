// Compile-time checks: `npm run typecheck` fails if ordinary client code stops compiling, or a misuse below
// stops being a type error (each `@ts-expect-error` must still have an error to expect). jest only checks the file loads.
import { TesseraClient, type ElicitationCallback, type SamplingCallback } from '@tessera/client';

// Branches answering different questions return differently shaped content: ordinary code, no `any`.
export const byQuestion = new TesseraClient({
  elicitation: async (params) => {
    if (params.message.includes('region')) return { action: 'accept', content: { region: 'eu' } };
    if (params.message.includes('seats')) return { action: 'accept', content: { seats: 2, confirm: true } };
    if (params.message.includes('tags')) return { action: 'accept', content: { tags: ['a', 'b'] } };
    return { action: 'decline' };
  },
});

// The same as a named, typed callback, with a synchronous branch.
export const named: ElicitationCallback = (params) => {
  if (params.mode === 'url') return { action: 'cancel' };
  return params.message === 'x' ? { action: 'accept', content: { a: 1 } } : { action: 'accept', content: { b: 'two' } };
};

// As the `handle` of an elicitation handler.
export const handler = new TesseraClient({
  elicitation: {
    url: true,
    handle: async (p) => (p.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: { ok: true } }),
  },
});

// Log messages from handlers' ctx.log(): typed level and callback.
export const logging = new TesseraClient({
  logLevel: 'warning',
  onLog: (m) => void `${m.level}: ${JSON.stringify(m.data)}`,
});

// @ts-expect-error an action the protocol does not have
export const badAction: ElicitationCallback = async () => ({ action: 'maybe' });

// @ts-expect-error content values are strings, numbers, booleans or string lists
export const badContent: ElicitationCallback = async () => ({ action: 'accept', content: { when: new Date() } });

// Sampling needs no answer type of its own (elicitation got ElicitationAnswer for branches with differently shaped
// content): content is a tagged union, so branches answering with different kinds already compile, and the
// misuses below already fail. These lines keep it so.
export const sampling = new TesseraClient({
  sampling: async (params) => {
    if (params.maxTokens < 10)
      return { role: 'assistant', model: 'm', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } };
    return { role: 'assistant', model: 'm', content: { type: 'text', text: 'hello' }, stopReason: 'endTurn' };
  },
});

// @ts-expect-error a role the protocol does not have
export const badRole: SamplingCallback = async () => ({
  role: 'robot',
  model: 'm',
  content: { type: 'text', text: 'a' },
});

// @ts-expect-error a content kind the protocol does not have
export const badContentKind: SamplingCallback = async () => ({
  role: 'assistant',
  model: 'm',
  content: { type: 'video', data: 'x' },
});

// @ts-expect-error the model that answered is required
export const noModel: SamplingCallback = async () => ({ role: 'assistant', content: { type: 'text', text: 'a' } });

// @ts-expect-error a text block carries its text
export const textWithoutText: SamplingCallback = async () => ({
  role: 'assistant',
  model: 'm',
  content: { type: 'text' },
});

// @ts-expect-error an elicitation answer is not a sampling answer
export const elicitationShaped: SamplingCallback = async () => ({ action: 'accept', content: { a: 1 } });

// (never called: at run time these misuses throw)
export const badLevel = () =>
  // @ts-expect-error a log level the protocol does not have
  new TesseraClient({ logLevel: 'verbose' });

export const badPin = () =>
  // @ts-expect-error protocol pins name a revision as a string
  new TesseraClient({ protocol: { pin: 20250618 } });

test('the compile-time checks of this file load', () => {
  expect(typeof TesseraClient).toBe('function');
});
