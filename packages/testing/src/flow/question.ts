import type { InputRequest } from '@modelcontextprotocol/client';
import { appViewOf } from '../apps/expect-app-tool';

/** The kinds of question a server can put to the client in a round. */
export type QuestionKind = 'elicitation' | 'sampling' | 'roots';

/** One question of a round, as the server asked it (the raw `request` included). */
export interface Question {
  key: string;
  kind: QuestionKind;
  /** Elicitations: `form` or `url`. */
  mode?: 'form' | 'url';
  /** Elicitations: the message shown to the user. */
  message?: string;
  /** Form elicitations: the requested schema. */
  schema?: Record<string, unknown>;
  /** URL elicitations: the URL to open. */
  url?: string;
  /** Form elicitations rendered by an app view (SEP-3118): the view's `ui://` URI (`_meta.ui.resourceUri`). */
  app?: string;
  request: InputRequest;
}

const KIND_BY_METHOD: Readonly<Record<string, QuestionKind>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** Reads one entry of `inputRequests`; throws (naming round and key) on anything the protocol does not define. */
export function questionFrom(key: string, request: InputRequest, round: number): Question {
  const method: unknown = (request as { method?: unknown } | null)?.method;
  const kind = typeof method === 'string' && Object.hasOwn(KIND_BY_METHOD, method) ? KIND_BY_METHOD[method] : undefined;
  if (kind === undefined)
    throw new Error(`round ${round}, question "${key}": unknown input request method ${JSON.stringify(method)}`);
  if (kind !== 'elicitation') return { key, kind, request };
  const params = (request as { params: Record<string, unknown> }).params;
  const mode = params.mode === 'url' ? 'url' : 'form';
  const app = appViewOf(request);
  return {
    key,
    kind,
    mode,
    message: params.message as string,
    ...(mode === 'form' && { schema: params.requestedSchema as Record<string, unknown> }),
    ...(mode === 'url' && { url: params.url as string }),
    ...(app !== undefined && { app }),
    request,
  };
}

/** `region (elicitation: "Where should web1 run?")`, for failure messages. */
export function describeQuestion(question: Question): string {
  const detail = question.message !== undefined ? `: ${JSON.stringify(question.message)}` : '';
  return `"${question.key}" (${question.kind}${question.mode === 'url' ? ', url mode' : ''}${detail})`;
}
