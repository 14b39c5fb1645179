import type { ServerNotifier } from '@modelcontextprotocol/server';
import { compileApp } from '../compiler/compile-app';
import type { CompiledApp } from '../compiler/compiled-app';
import type { ModuleUnit } from '../compiler/flatten-modules';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { ServerRuntime } from '../server/server-runtime';
import type { Class } from '../types/class';

/** Switches one kind of handler off and on while serving, by name (tools, prompts) or URI / URI template (resources). */
export interface HandlerSwitch {
  /** Hides it from every caller (lists, and calls answered as unknown) and raises list_changed. */
  disable(name: string): void;
  /** Serves it again and raises list_changed. */
  enable(name: string): void;
  isEnabled(name: string): boolean;
}

type Kind = 'tools' | 'prompts' | 'resources';

/**
 * The app's surface changed while it serves: handlers switched off and on, providers added and removed.
 * Each change is checked as createApp checks (the whole app compiled again, so duplicates and signatures
 * are refused by the same compiler, and a refused change leaves the app as it was), then swapped into the
 * tables every request reads, then announced through the app's event bus (every instance's streams).
 */
export class SurfaceChanges {
  readonly tools: HandlerSwitch;
  readonly prompts: HandlerSwitch;
  readonly resources: HandlerSwitch;

  constructor(
    private units: readonly ModuleUnit[],
    private readonly runtime: ServerRuntime,
    private readonly notifier: () => ServerNotifier,
    private readonly appName: string,
  ) {
    this.tools = this.switchOf('tools', 'tool');
    this.prompts = this.switchOf('prompts', 'prompt');
    this.resources = this.switchOf('resources', 'resource');
  }

  /** Serves `provider`'s handlers from now on (in the application module), checked as createApp checks. */
  addProvider(provider: Class): void {
    if (typeof provider !== 'function')
      throw new InvalidConfigurationError(
        `addProvider on "${this.appName}": a provider is a class, got ${String(provider)}.`,
      );
    const units = this.units.map((u) => (u.isRoot ? { ...u, providers: [...u.providers, provider] } : u));
    this.swap(units);
  }

  /**
   * Stops serving `provider`'s handlers (wherever its module is). Flows of its handlers still in progress
   * get, on their next leg, the answer to a call of an unknown handler.
   */
  removeProvider(provider: Class): void {
    if (!this.units.some((u) => u.providers.includes(provider)))
      throw new InvalidConfigurationError(
        `removeProvider on "${this.appName}": ${provider?.name ?? String(provider)} is not one of its providers.`,
      );
    this.swap(this.units.map((u) => ({ ...u, providers: u.providers.filter((p) => p !== provider) })));
  }

  /**
   * Serves `next` in place of `current`, in `current`'s module, as one change: a call never finds neither,
   * and list_changed is raised once for each kind whose list differs.
   */
  replaceProvider(current: Class, next: Class): void {
    if (typeof next !== 'function')
      throw new InvalidConfigurationError(
        `replaceProvider on "${this.appName}": a provider is a class, got ${String(next)}.`,
      );
    if (!this.units.some((u) => u.providers.includes(current)))
      throw new InvalidConfigurationError(
        `replaceProvider on "${this.appName}": ${current?.name ?? String(current)} is not one of its providers.`,
      );
    this.swap(this.units.map((u) => ({ ...u, providers: u.providers.map((p) => (p === current ? next : p)) })));
  }

  private swap(units: ModuleUnit[]): void {
    const next = compileApp(units); // throws before anything changes
    const taskTool = [...next.tools.values()].find((plan) => plan.meta.kind === 'tool' && plan.meta.task);
    if (taskTool && this.runtime.tasks === undefined)
      throw new InvalidConfigurationError(
        `addProvider on "${this.appName}": ${taskTool.where} runs as a task, but the app was created without task ` +
          'tools, so it serves no Tasks extension; declare a task tool at createApp to add more later.',
      );
    // as createApp: each extension checks the new app (MCP Apps refuses a bad app tool by name), the ones it
    // needs are advertised from the next request on, and the list entries are decorated again
    const extensions = this.runtime.activateExtensions(next);
    const before = listedNames(this.runtime.compiled);
    replaceInPlace(this.runtime.compiled, next);
    this.runtime.extensions = extensions;
    this.units = units;
    this.runtime.visibility.refresh();
    const after = listedNames(this.runtime.compiled);
    this.announce((['tools', 'prompts', 'resources'] as const).filter((kind) => before[kind] !== after[kind]));
  }

  private switchOf(kind: Kind, noun: string): HandlerSwitch {
    const disabled = this.runtime.visibility.disabled[kind];
    const known = (name: string): void => {
      if (!this.serves(kind, name))
        throw new InvalidConfigurationError(`${kind}.disable/enable on "${this.appName}": no ${noun} "${name}".`);
    };
    const change = (name: string, off: boolean): void => {
      known(name);
      if (disabled.has(name) === off) return;
      if (off) disabled.add(name);
      else disabled.delete(name);
      this.runtime.visibility.refresh();
      this.announce([kind]);
    };
    return {
      disable: (name) => change(name, true),
      enable: (name) => change(name, false),
      isEnabled: (name) => {
        known(name);
        return !disabled.has(name);
      },
    };
  }

  private serves(kind: Kind, name: string): boolean {
    const c = this.runtime.compiled;
    if (kind === 'tools') return c.tools.has(name);
    if (kind === 'prompts') return c.prompts.has(name);
    return (
      c.resources.has(name) ||
      c.templates.some((t) => t.plan.meta.kind === 'resource-template' && t.plan.meta.uriTemplate === name)
    );
  }

  /** list_changed for each kind, when the app has an event bus (without one, no client was offered them). */
  private announce(kinds: readonly Kind[]): void {
    if (this.runtime.events === undefined) return;
    const notify = this.notifier();
    for (const kind of kinds) {
      if (kind === 'tools') notify.toolsChanged();
      else if (kind === 'prompts') notify.promptsChanged();
      else notify.resourcesChanged();
    }
  }
}

function listedNames(c: CompiledApp): Record<Kind, string> {
  return {
    tools: c.toolList.map((t) => t.name).join('\n'),
    prompts: c.promptList.map((p) => p.name).join('\n'),
    resources: [...c.resourceList.map((r) => r.uri), ...c.templateList.map((t) => t.uriTemplate)].join('\n'),
  };
}

/** Moves `next`'s tables into `target`, keeping every Map and array object (faces and the lane hold them). */
function replaceInPlace(target: CompiledApp, next: CompiledApp): void {
  for (const key of Object.keys(next) as Array<keyof CompiledApp>) {
    const into = target[key] as unknown;
    const from = next[key] as unknown;
    if (into instanceof Map && from instanceof Map) {
      into.clear();
      from.forEach((value, k) => into.set(k, value));
    } else if (Array.isArray(into) && Array.isArray(from)) {
      into.length = 0;
      into.push(...(from as unknown[]));
    } else {
      (target as unknown as Record<string, unknown>)[key] = from;
    }
  }
}
