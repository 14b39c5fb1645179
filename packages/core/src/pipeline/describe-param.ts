import type { HandlerPlan, ParamPlan } from '../compiler/handler-plan';

/**
 * How a parameter is named in a pipeline listing: its position, its decorator and what it carries
 * (`#0 @Args ProvisionArgs`, `#1 @Elicit 'region'`, `#2 @InjectParam Clock`).
 */
export function describeParam({ meta, type }: ParamPlan, plan: HandlerPlan): string {
  const at = `#${meta.index}`;
  switch (meta.kind) {
    case 'args': {
      const dto = meta.type?.() ?? plan.argsType;
      return `${at} @Args ${dto?.name ?? (plan.inputSchema ? '(input schema)' : typeName(type))}`;
    }
    case 'ctx':
      return `${at} @Ctx`;
    case 'principal':
      return `${at} @Principal`;
    case 'inject':
      return `${at} @InjectParam ${tokenName(meta.token)}`;
    case 'custom':
      return `${at} custom ${meta.resolve.name || '(anonymous)'}`;
    case 'dependency': {
      const key = plan.dependencies.find((d) => d.index === meta.index)?.key ?? meta.spec.key;
      return `${at} ${meta.spec.decorator} '${String(key)}'`;
    }
  }
}

function tokenName(token: unknown): string {
  if (typeof token === 'function') return token.name || '(anonymous class)';
  return String(token);
}

function typeName(type: unknown): string {
  return typeof type === 'function' && type.name ? type.name : '(object)';
}
