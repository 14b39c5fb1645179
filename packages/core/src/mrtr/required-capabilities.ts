import type { ClientCapabilities, InputRequest } from '@modelcontextprotocol/server';

/**
 * The client capability an input request needs, or `undefined` when the current request declares it.
 * Form elicitation needs `elicitation.form` or a bare `elicitation: {}`; URL mode needs `elicitation.url`;
 * sampling needs `sampling` (and `sampling.tools` when tools are offered); roots needs `roots`.
 */
export function missingCapability(request: InputRequest, caps: ClientCapabilities | undefined): ClientCapabilities | undefined {
  const c = caps ?? {};
  switch (request.method) {
    case 'elicitation/create': {
      const mode = (request.params as { mode?: string }).mode ?? 'form';
      const e = c.elicitation as { form?: unknown; url?: unknown } | undefined;
      if (mode === 'url') return e?.url ? undefined : { elicitation: { url: {} } };
      const formOk = e !== undefined && (e.form !== undefined || e.url === undefined);
      return formOk ? undefined : { elicitation: { form: {} } };
    }
    case 'sampling/createMessage': {
      const params = request.params as { tools?: unknown; toolChoice?: unknown };
      if (!c.sampling) return { sampling: params.tools || params.toolChoice ? { tools: {} } : {} };
      if ((params.tools || params.toolChoice) && !(c.sampling as { tools?: unknown }).tools) return { sampling: { tools: {} } };
      return undefined;
    }
    case 'roots/list':
      return c.roots ? undefined : { roots: {} };
    default:
      return undefined;
  }
}
