import type { compileDependencies } from './compile-dependencies';
import type { DependencyResolution } from '../pipeline/resolve-params';

/** What a handler with dependency parameters (`@Elicit`, `@Sample`, `@ListRoots`) uses: compiling them, asking them. */
export interface DependencyModules {
  compileDependencies: typeof compileDependencies;
  resolveDependencies: DependencyResolution;
}

let loaded: DependencyModules | undefined;

/**
 * Required on first use: only an app with a dependency parameter compiles or asks one, so an app without any
 * never loads the question kinds, the elicitation schemas and the resolver (about twenty modules of every
 * server's start). Node's module cache makes these the same modules as any other import of them.
 */
export function dependencyModules(): DependencyModules {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return (loaded ??= {
    compileDependencies: (require('./compile-dependencies') as typeof import('./compile-dependencies'))
      .compileDependencies,
    resolveDependencies: (require('./resolve-dependencies') as typeof import('./resolve-dependencies'))
      .resolveDependencies,
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** The pipeline's dependency resolution, loading the resolver on the first call that has something to ask. */
export const resolveDependenciesOnUse: DependencyResolution = (plan, ctx) =>
  dependencyModules().resolveDependencies(plan, ctx);
