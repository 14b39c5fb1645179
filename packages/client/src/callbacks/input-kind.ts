/** The three kinds of input a server can ask a client for. */
export type InputKind = 'elicitation' | 'sampling' | 'roots';

const KIND_BY_METHOD: Readonly<Record<string, InputKind>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** The kind behind an input request's `method`, or undefined for anything the protocol does not define. */
export function inputKindOf(method: unknown): InputKind | undefined {
  return typeof method === 'string' && Object.hasOwn(KIND_BY_METHOD, method) ? KIND_BY_METHOD[method] : undefined;
}
