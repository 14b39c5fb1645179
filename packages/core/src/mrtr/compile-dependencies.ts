import { InvalidSignatureError } from '../errors/definition/invalid-signature.error';
import type { DependencyParamMetadata } from '../metadata/definitions/param.metadata';
import type { DependencyPlan } from './dependency-plan';
import { questionKindOf } from './question-kinds';

/**
 * Compiles a handler's dependency parameters: wire keys (explicit, or `method:index`, identical on every
 * worker), elicitation schemas (refused here if the wire cannot express them), and the `after` graph
 * (unknown keys and cycles are definition-time errors).
 */
export function compileDependencies(
  where: string,
  methodName: string | symbol,
  params: readonly DependencyParamMetadata[],
  paramTypes: ReadonlyArray<unknown>,
): DependencyPlan[] {
  const plans = params.map((p): DependencyPlan => {
    const spec = p.spec;
    const key = spec.key ?? `${String(methodName)}:${p.index}`;
    // the SDK's schemas (zod) drop a "__proto__" key from inputResponses, so its answer could never arrive
    if (key === '__proto__')
      throw new InvalidSignatureError(
        `${where}: parameter #${p.index} (${spec.decorator}) uses the key "__proto__", which the protocol's parsers drop from inputResponses, so it could never be answered. Choose another key.`,
      );
    const plan: DependencyPlan = { key, index: p.index, spec, after: spec.after ?? [], inject: 'value' };
    questionKindOf(spec).compile(plan, spec, paramTypes[p.index], where);
    return plan;
  });

  const byKey = new Map<string, DependencyPlan>();
  for (const plan of plans) {
    const other = byKey.get(plan.key);
    if (other)
      throw new InvalidSignatureError(
        `${where}: parameters #${other.index} and #${plan.index} use the same key "${plan.key}".`,
      );
    byKey.set(plan.key, plan);
  }
  for (const plan of plans) {
    for (const dep of plan.after) {
      if (!byKey.has(dep)) {
        throw new InvalidSignatureError(
          `${where}: parameter #${plan.index} (${plan.spec.decorator} "${plan.key}") waits for "${dep}", which is not a dependency key of this method. Known: ${[...byKey.keys()].join(', ')}.`,
        );
      }
    }
  }
  assertNoCycle(where, byKey);
  return plans;
}

function assertNoCycle(where: string, byKey: Map<string, DependencyPlan>): void {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (key: string, path: string[]): void => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'visiting')
      throw new InvalidSignatureError(`${where}: dependency cycle ${[...path, key].join(' -> ')}.`);
    state.set(key, 'visiting');
    for (const dep of byKey.get(key)!.after) visit(dep, [...path, key]);
    state.set(key, 'done');
  };
  for (const key of byKey.keys()) visit(key, []);
}
