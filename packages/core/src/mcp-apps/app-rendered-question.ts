import type { ClientCapabilities, InputRequest } from '@modelcontextprotocol/server';
import type { DependencyPlan } from '../mrtr/dependency-plan';
import { clientExtension } from '../extensions/client-extension';
import { loadExtApps } from './load-ext-apps';

/**
 * A form question with an app view (`@Elicit({ app })`, SEP-3118) as sent to this request's client: with
 * `_meta.ui.resourceUri` when the client declares `extensions["io.modelcontextprotocol/ui"].elicitation`
 * (the server advertises it whenever such a question exists), the plain form otherwise. Only what is sent
 * changes: the question's digest, and so how its answer is read, are the plain form's.
 */
export function withAppView(
  dep: DependencyPlan,
  request: InputRequest,
  capabilities: ClientCapabilities | undefined,
): InputRequest {
  if (dep.spec.kind !== 'form-elicitation' || dep.spec.app === undefined) return request;
  const declared = clientExtension(capabilities, loadExtApps().EXTENSION_ID)?.elicitation;
  if (declared === undefined || declared === null || declared === false) return request;
  const params = request.params as Record<string, unknown>;
  const meta = params._meta as Record<string, unknown> | undefined;
  return { ...request, params: { ...params, _meta: { ...meta, ui: { resourceUri: dep.spec.app } } } } as InputRequest;
}
