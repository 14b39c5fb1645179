import { loadFeature } from '../loading/load-feature';
import type { DependencyResolution } from '../pipeline/resolve-params';

/** The pipeline's dependency resolution, loading the resolver on the first call that has something to ask. */
export const resolveDependenciesOnUse: DependencyResolution = (plan, ctx) =>
  loadFeature('questions').resolveDependencies(plan, ctx);
