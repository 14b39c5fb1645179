import type { CompiledApp } from '../compiler/compiled-app';
import type { HandlerPlan } from '../compiler/handler-plan';

/** The scopes one request needs, and what it calls (for the challenge's description). */
export interface NeededScopes {
  scopes: readonly string[];
  what: string;
}

/**
 * The scopes each call in a JSON-RPC body (one message, or a 2025-era batch) needs, for the calls that declare
 * any: `tools/call` and `prompts/get` by name, `resources/read` by URI (a static resource, else the first
 * matching template, as the server picks them). Anything else, or a name this app does not serve, needs none
 * here (the server answers it as usual).
 */
export function neededScopes(compiled: CompiledApp, body: unknown): NeededScopes[] {
  const needed: NeededScopes[] = [];
  for (const message of Array.isArray(body) ? body : [body]) {
    const scopes = scopesOfMessage(compiled, message);
    if (scopes) needed.push(scopes);
  }
  return needed;
}

function scopesOfMessage(compiled: CompiledApp, message: unknown): NeededScopes | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
  if (typeof params !== 'object' || params === null) return undefined;
  let plan: HandlerPlan | undefined;
  let target: unknown;
  if (method === 'tools/call' && typeof params.name === 'string') {
    plan = compiled.tools.get((target = params.name));
  } else if (method === 'prompts/get' && typeof params.name === 'string') {
    plan = compiled.prompts.get((target = params.name));
  } else if (method === 'resources/read' && typeof params.uri === 'string') {
    const uri = (target = params.uri);
    plan = compiled.resources.get(uri) ?? compiled.templates.find(({ template }) => template.match(uri))?.plan;
  }
  if (plan === undefined || plan.scopes.length === 0) return undefined;
  return { scopes: plan.scopes, what: `${method as string} ${JSON.stringify(target)}` };
}

/** Every scope some handler declares, each once, in declaration order. */
export function declaredScopes(compiled: CompiledApp): string[] {
  const plans = [
    ...compiled.tools.values(),
    ...compiled.prompts.values(),
    ...compiled.resources.values(),
    ...compiled.templates.map((t) => t.plan),
  ];
  return [...new Set(plans.flatMap((plan) => plan.scopes))];
}
