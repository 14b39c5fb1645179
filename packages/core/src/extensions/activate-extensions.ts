import type { ExtensionApp, ServerExtension } from '../contracts/server-extension';
import type { CompiledApp } from '../compiler/compiled-app';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { isJsonObject } from '../types/json-object';
import type { ActiveExtension } from './active-extension';

// A `_meta`-style key with its mandatory prefix: labels of letters, digits and hyphens, a slash, a name.
const EXTENSION_ID =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const HOOKS = ['setup', 'attach', 'decorateTool', 'decorateResource'] as const;

/**
 * Checks the module's `extensions` and Tessera's own (built in first), calls each one's `setup` with the
 * compiled application, and applies the list decorations of those that stay active, once. Every misuse is
 * refused here, naming the module, the extension and the reason.
 */
export function activateExtensions(
  moduleName: string,
  given: unknown,
  builtIn: readonly ServerExtension[],
  info: { name: string; version: string },
  compiled: CompiledApp,
): ActiveExtension[] {
  const where = `Module "${moduleName}"`;
  if (given !== undefined && !Array.isArray(given))
    throw new InvalidConfigurationError(`${where}: extensions must be an array of extension objects.`);
  const own = new Set(builtIn.map((e) => e.id));
  const seen = new Set<string>();
  const user = (given ?? []) as unknown[];
  user.forEach((extension, index) => {
    const id = checkShape(extension, `${where}: extensions[${index}]`);
    if (own.has(id))
      throw new InvalidConfigurationError(
        `${where}: extension "${id}" is one Tessera serves itself; remove it from extensions.`,
      );
    if (seen.has(id)) throw new InvalidConfigurationError(`${where}: extension "${id}" is listed twice.`);
    seen.add(id);
  });

  const app: ExtensionApp = {
    ...info,
    tools: compiled.toolList,
    prompts: compiled.promptList,
    resources: compiled.resourceList,
    resourceTemplates: compiled.templateList,
  };
  const active: ActiveExtension[] = [];
  for (const extension of [...builtIn, ...(user as ServerExtension[])]) {
    const settings = extension.setup ? extension.setup(app) : {};
    if (settings === undefined) continue;
    if (!isJsonObject(settings))
      throw new InvalidConfigurationError(
        `${where}: extension "${extension.id}": setup must return a settings object or undefined, got ${describe(settings)}.`,
      );
    active.push({ extension, settings });
  }
  for (const { extension } of active) {
    if (extension.decorateTool)
      decorate(compiled.toolList, extension.decorateTool.bind(extension), where, extension.id, 'name');
    if (extension.decorateResource)
      decorate(compiled.resourceList, extension.decorateResource.bind(extension), where, extension.id, 'uri');
  }
  return active;
}

function checkShape(extension: unknown, where: string): string {
  if (!isJsonObject(extension))
    throw new InvalidConfigurationError(`${where} must be an extension object, got ${describe(extension)}.`);
  const id = (extension as { id?: unknown }).id;
  if (typeof id !== 'string' || !EXTENSION_ID.test(id))
    throw new InvalidConfigurationError(
      `${where}: id must be a prefixed identifier such as "com.example/audit" (a reverse-DNS prefix, a slash, a name), got ${describe(id)}.`,
    );
  for (const hook of HOOKS) {
    const value = (extension as Record<string, unknown>)[hook];
    if (value !== undefined && typeof value !== 'function')
      throw new InvalidConfigurationError(`${where} ("${id}"): ${hook} must be a function, got ${describe(value)}.`);
  }
  return id;
}

/** Replaces each entry by its decorated form; an extension may add to an entry, never rename it. */
function decorate<T extends object>(
  list: T[],
  hook: (entry: T) => T,
  where: string,
  id: string,
  key: 'name' | 'uri',
): void {
  for (let i = 0; i < list.length; i++) {
    const before = list[i]!;
    const after = hook(before);
    const name = (before as Record<string, unknown>)[key];
    if (!isJsonObject(after) || after[key] !== name)
      throw new InvalidConfigurationError(
        `${where}: extension "${id}" returned a list entry for ${String(name)} without its ${key} unchanged.`,
      );
    list[i] = after;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
