import type { DependencyResolution } from '../pipeline/resolve-params';

/** Placeholder until the MRTR resolver lands: dependency parameters are refused loudly. */
export const resolveDependencies: DependencyResolution = async (plan) => {
  throw new Error(`${plan.where}: dependency parameters are not implemented yet`);
};
