import { UriTemplate } from '@modelcontextprotocol/server';
import type { AppModule } from '../app/app-module';
import { DuplicateNameError } from '../errors/definition/duplicate-name.error';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { makeInjectable } from '../di/make-injectable';
import { emptyEnhancers, type EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import type { Class } from '../types/class';
import type { CompiledApp } from './compiled-app';
import { compileHandler } from './compile-handler';
import { completionOptions } from './completion-options';
import type { HandlerPlan } from './handler-plan';
import { mergeClassMetadata } from './merge-class-metadata';
import { renderPrompt, renderResource, renderTemplate, renderTool } from './render-definitions';

/** Compiles the module's provider classes into a `CompiledApp`; every definition-time error surfaces here. */
export function compileApp(module: AppModule): CompiledApp {
  const appEnhancers: EnhancerMetadata = {
    ...emptyEnhancers(),
    guards: [...(module.guards ?? [])],
    interceptors: [...(module.interceptors ?? [])],
    pipes: [...(module.pipes ?? [])],
    filters: [...(module.filters ?? [])],
  };
  const app: CompiledApp = {
    tools: new Map(), prompts: new Map(), resources: new Map(), templates: [], appEnhancers,
    toolList: [], promptList: [], resourceList: [], templateList: [], outputSchemas: new Map(), completions: new Map(),
  };
  const templateOwners = new Map<string, HandlerPlan>();
  const seenClasses = new Set<Class>();

  for (const cls of module.providers) {
    if (typeof cls !== 'function') throw new InvalidConfigurationError(`Module "${module.name}": providers must be classes; got ${String(cls)}.`);
    if (seenClasses.has(cls)) throw new InvalidConfigurationError(`Module "${module.name}": provider ${cls.name} is listed twice.`);
    seenClasses.add(cls);
    makeInjectable(cls);
    const merged = mergeClassMetadata(cls);
    if (merged.handlers.size === 0) {
      throw new InvalidConfigurationError(`Provider ${cls.name} has no @Tool, @Prompt, @Resource or @ResourceTemplate method.`);
    }
    const prefix = merged.provider.prefix ? `${merged.provider.prefix}_` : '';
    for (const meta of merged.handlers.values()) {
      switch (meta.kind) {
        case 'tool': {
          const plan = compileHandler(cls, merged, meta, prefix + meta.name, appEnhancers);
          claim(app.tools, 'tool', plan);
          const tool = renderTool(plan);
          app.toolList.push(tool);
          if (tool.outputSchema) app.outputSchemas.set(tool.name, tool.outputSchema);
          break;
        }
        case 'prompt': {
          const plan = compileHandler(cls, merged, meta, prefix + meta.name, appEnhancers);
          claim(app.prompts, 'prompt', plan);
          app.promptList.push(renderPrompt(plan));
          app.completions.set(`prompt:${plan.ref.name}`, completionOptions(plan));
          break;
        }
        case 'resource': {
          const plan = compileHandler(cls, merged, meta, meta.name, appEnhancers);
          const existing = app.resources.get(meta.uri);
          if (existing) throw new DuplicateNameError('resource URI', meta.uri, existing.where, plan.where);
          app.resources.set(meta.uri, plan);
          app.resourceList.push(renderResource(plan));
          break;
        }
        case 'resource-template': {
          const plan = compileHandler(cls, merged, meta, meta.name, appEnhancers);
          const existing = templateOwners.get(meta.uriTemplate);
          if (existing) throw new DuplicateNameError('resource template', meta.uriTemplate, existing.where, plan.where);
          templateOwners.set(meta.uriTemplate, plan);
          app.templates.push({ plan, template: new UriTemplate(meta.uriTemplate) });
          app.templateList.push(renderTemplate(plan));
          app.completions.set(`template:${meta.uriTemplate}`, completionOptions(plan));
          break;
        }
      }
    }
  }
  return app;
}

function claim(table: Map<string, HandlerPlan>, kind: string, plan: HandlerPlan): void {
  const existing = table.get(plan.ref.name);
  if (existing) throw new DuplicateNameError(kind, plan.ref.name, existing.where, plan.where);
  table.set(plan.ref.name, plan);
}
