import type { FeatureModule } from '../app/feature-module';
import { checkFeatureModuleSettings } from './module-settings';
import type { ServiceRegistration } from '../di/service-registration';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { emptyEnhancers, type EnhancerKind, type EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import { enhancerShapeProblem } from '../metadata/definitions/enhancer-shape';
import type { Class } from '../types/class';

/** One module of the application, flattened: its providers and the enhancers that wrap them (the root's own are app-wide). */
export interface ModuleUnit {
  name: string;
  isRoot: boolean;
  providers: Class[];
  enhancers: EnhancerMetadata;
}

const KINDS: EnhancerKind[] = ['guards', 'interceptors', 'pipes', 'filters'];

/**
 * Walks `imports` depth-first from the application module: each module once (a shared import is not
 * repeated), a cycle or two modules with one name refused naming them, enhancers checked, services
 * merged (one registration per token across modules).
 */
export function flattenModules(root: FeatureModule): { units: ModuleUnit[]; services: ServiceRegistration[] } {
  const units: ModuleUnit[] = [];
  const byName = new Map<string, FeatureModule>();
  const services = new ServiceSet();
  const visit = (module: FeatureModule, path: string[]): void => {
    const name = module?.name;
    if (typeof name !== 'string' || name === '')
      throw new InvalidConfigurationError(
        `Module imported by "${path.at(-1)}" has no name; every module needs a unique name.`,
      );
    if (path.includes(name))
      throw new InvalidConfigurationError(`Module import cycle: ${[...path, name].map((n) => `"${n}"`).join(' -> ')}.`);
    const known = byName.get(name);
    if (known === module) return;
    if (known)
      throw new InvalidConfigurationError(
        `Two different modules are named "${name}"; module names must be unique (imported by "${path.at(-1)}").`,
      );
    byName.set(name, module);
    if (path.length > 0) checkFeatureModuleSettings(module, path.at(-1)!);
    for (const field of ['providers', 'services', 'imports', ...KINDS] as const) {
      if (module[field] !== undefined && !Array.isArray(module[field]))
        throw new InvalidConfigurationError(`Module "${name}": ${field} must be an array.`);
    }
    const enhancers = emptyEnhancers();
    for (const kind of KINDS) {
      (module[kind] ?? []).forEach((ref, i) => {
        const problem = enhancerShapeProblem(kind, ref);
        if (problem) throw new InvalidConfigurationError(`Module "${name}": ${kind}[${i}] ${problem}.`);
        (enhancers[kind] as unknown[]).push(ref);
      });
    }
    units.push({ name, isRoot: path.length === 0, providers: [...(module.providers ?? [])], enhancers });
    for (const s of module.services ?? []) services.add(s, name);
    for (const imported of module.imports ?? []) visit(imported, [...path, name]);
  };
  visit(root, []);
  return { units, services: services.list };
}

/** Services of all modules: the same registration listed twice is kept once; one token registered two ways is refused. */
class ServiceSet {
  readonly list: ServiceRegistration[] = [];
  private readonly owners = new Map<unknown, { registration: ServiceRegistration; module: string }>();

  add(registration: ServiceRegistration, module: string): void {
    const token = typeof registration === 'function' ? registration : registration?.token;
    const owner = this.owners.get(token);
    if (owner?.registration === registration) return;
    if (owner) {
      const label = typeof token === 'function' ? token.name : String(token);
      throw new InvalidConfigurationError(
        `Service ${label} is registered by module "${owner.module}" and again by "${module}"; register it once, in a module both import.`,
      );
    }
    this.owners.set(token, { registration, module });
    this.list.push(registration);
  }
}
