import { UriTemplate } from '@modelcontextprotocol/server';
import type { ModuleUnit } from './flatten-modules';
import { appendEnhancers } from './merge-class-metadata';
import { DuplicateNameError } from '../errors/definition/duplicate-name.error';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { makeInjectable } from '../di/make-injectable';
import { emptyEnhancers, type EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import type { Class } from '../types/class';
import type { CompiledApp } from './compiled-app';
import { compileHandler } from './compile-handler';
import { paramHeadersOf } from '../http-headers/param-headers';
import { completionOptions } from './completion-options';
import { compileCompleters } from './compile-completers';
import { completersOf } from '../metadata/completer-store';
import type { HandlerPlan } from './handler-plan';
import { mergeClassMetadata } from './merge-class-metadata';
import { compileDtoModel } from '../schema/dto-model';
import { renderPrompt, renderResource, renderTemplate, renderTool } from './render-definitions';

/**
 * Compiles the provider classes of the module and the modules it imports into a `CompiledApp`; every
 * definition-time error surfaces here. A feature module's enhancers sit inside the application-wide ones.
 */
export function compileApp(units: readonly ModuleUnit[]): CompiledApp {
  const appEnhancers = units.find((u) => u.isRoot)!.enhancers;
  const app: CompiledApp = {
    tools: new Map(),
    prompts: new Map(),
    resources: new Map(),
    templates: [],
    appEnhancers,
    toolList: [],
    promptList: [],
    resourceList: [],
    templateList: [],
    outputSchemas: new Map(),
    paramHeaders: new Map(),
    completions: new Map(),
    completers: new Map(),
  };
  const templateOwners = new Map<string, HandlerPlan>();
  const moduleOf = new Map<Class, string>();
  // names the module too when the application has several, so a clash across modules says where to look
  const label = (plan: HandlerPlan) =>
    plan.module !== undefined ? `${plan.where} (module "${plan.module}")` : plan.where;
  const claim = (table: Map<string, HandlerPlan>, kind: string, plan: HandlerPlan, name = plan.ref.name): void => {
    const existing = table.get(name);
    if (existing) throw new DuplicateNameError(kind, name, label(existing), label(plan));
    table.set(name, plan);
  };

  for (const unit of units)
    for (const cls of unit.providers) {
      if (typeof cls !== 'function')
        throw new InvalidConfigurationError(`Module "${unit.name}": providers must be classes; got ${String(cls)}.`);
      const owner = moduleOf.get(cls);
      if (owner !== undefined)
        throw new InvalidConfigurationError(
          `Module "${unit.name}": provider ${cls.name} is listed twice${owner === unit.name ? '' : ` (also in module "${owner}")`}.`,
        );
      moduleOf.set(cls, unit.name);
      const enhancers = unit.isRoot ? appEnhancers : appendAll(appEnhancers, unit.enhancers);
      makeInjectable(cls);
      const merged = mergeClassMetadata(cls);
      if (merged.handlers.size === 0 && completersOf(cls).length === 0) {
        throw new InvalidConfigurationError(
          `Provider ${cls.name} has no @Tool, @Prompt, @Resource, @ResourceTemplate or @Complete method.`,
        );
      }
      const prefix = merged.provider.prefix ? `${merged.provider.prefix}_` : '';
      const module = units.length > 1 ? unit.name : undefined;
      for (const meta of merged.handlers.values()) {
        switch (meta.kind) {
          case 'tool': {
            const plan = compileHandler(cls, merged, meta, prefix + meta.name, enhancers, module);
            claim(app.tools, 'tool', plan);
            const tool = renderTool(plan);
            app.toolList.push(tool);
            if (tool.outputSchema) app.outputSchemas.set(tool.name, tool.outputSchema);
            if (mayDeclareHeaders(plan)) {
              const headers = paramHeadersOf(tool.name, plan.where, tool.inputSchema);
              if (headers.length > 0) app.paramHeaders.set(tool.name, headers);
            }
            break;
          }
          case 'prompt': {
            const plan = compileHandler(cls, merged, meta, prefix + meta.name, enhancers, module);
            claim(app.prompts, 'prompt', plan);
            app.promptList.push(renderPrompt(plan));
            app.completions.set(`prompt:${plan.ref.name}`, completionOptions(plan));
            break;
          }
          case 'resource': {
            const plan = compileHandler(cls, merged, meta, meta.name, enhancers, module);
            claim(app.resources, 'resource URI', plan, meta.uri);
            app.resourceList.push(renderResource(plan));
            break;
          }
          case 'resource-template': {
            const plan = compileHandler(cls, merged, meta, meta.name, enhancers, module);
            claim(templateOwners, 'resource template', plan, meta.uriTemplate);
            app.templates.push({ plan, template: new UriTemplate(meta.uriTemplate) });
            app.templateList.push(renderTemplate(plan));
            app.completions.set(`template:${meta.uriTemplate}`, completionOptions(plan));
            break;
          }
        }
      }
    }
  compileCompleters(app, moduleOf.keys());
  return app;
}

/**
 * False when the tool's schema is generated from a DTO tree no `@Field({ header })` touches (or is the empty
 * one): then it has no `x-mcp-header` for paramHeadersOf to find or refuse, and most tools skip its walk. A
 * hand-written schema is always walked.
 */
function mayDeclareHeaders(plan: HandlerPlan): boolean {
  if (plan.inputSchema !== undefined) return true;
  return plan.argsType !== undefined && compileDtoModel(plan.argsType).declaresHeader;
}

function appendAll(outer: EnhancerMetadata, inner: EnhancerMetadata): EnhancerMetadata {
  const both = emptyEnhancers();
  appendEnhancers(both, outer);
  appendEnhancers(both, inner);
  return both;
}
