import { InvalidConfigurationError } from '../../errors/definition/invalid-configuration.error';
import type { ParamKind } from '../../metadata/definitions/param.metadata';
import { argsResolver } from './args.resolver';
import { ctxResolver } from './ctx.resolver';
import { customResolver } from './custom.resolver';
import { injectResolver } from './inject.resolver';
import type { ParamResolver } from './param-resolver';
import { principalResolver } from './principal.resolver';

/** Resolvers by parameter kind; one per kind (a second registration for a kind is a mistake). */
export class ParamResolverRegistry {
  private readonly byKind = new Map<ParamKind, ParamResolver>();

  constructor(
    resolvers: ParamResolver[] = [
      argsResolver,
      ctxResolver,
      principalResolver,
      injectResolver,
      customResolver,
    ] as ParamResolver[],
  ) {
    for (const r of resolvers) this.register(r);
  }

  register(resolver: ParamResolver): void {
    if (this.byKind.has(resolver.kind))
      throw new InvalidConfigurationError(`A parameter resolver for kind "${resolver.kind}" is already registered.`);
    this.byKind.set(resolver.kind, resolver);
  }

  get(kind: ParamKind): ParamResolver | undefined {
    return this.byKind.get(kind);
  }
}
