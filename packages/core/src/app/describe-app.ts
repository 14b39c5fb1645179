import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { HandlerMethod } from '../contracts/handler-ref';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { DependencyPlan } from '../mrtr/dependency-plan';
import { appInternalsOf, type TesseraApp } from './tessera-app';
import type { AppSurface, HandlerSurface, PromptSurface, QuestionSurface, ToolSurface } from './app-surface';

/**
 * What a compiled app declares, without serving it: its tools (input schema, questions, pipeline, task
 * support), prompts (arguments), resources, templates, extensions and request-state settings (never a key). For tooling
 * such as `tessera inspect`; works on an app made by any loaded copy of core of the same format.
 */
export function describeApp(app: TesseraApp): AppSurface {
  const runtime = appInternalsOf(app)?.runtime;
  if (!runtime) throw new InvalidConfigurationError('describeApp: not an app made by createApp of @tessera/core.');
  const { compiled, info } = runtime;
  const handler = (plan: HandlerPlan, method: HandlerMethod, name: string): HandlerSurface => ({
    name,
    method: plan.where,
    ...(plan.meta.description !== undefined && { description: plan.meta.description }),
    pipeline: app.describePipeline(method, name),
  });
  const tools = compiled.toolList.map((listed): ToolSurface => {
    const plan = compiled.tools.get(listed.name)!;
    const task = plan.meta.kind === 'tool' ? plan.meta.task : undefined;
    return {
      ...handler(plan, 'tools/call', listed.name),
      inputSchema: listed.inputSchema,
      taskSupport: task ?? 'forbidden',
      questions: plan.dependencies.map(question),
      scopes: plan.scopes,
    };
  });
  const extensions = runtime.extensions.map(({ extension }) => extension.id);
  return {
    name: info.name,
    version: info.version,
    ...(info.title !== undefined && { title: info.title }),
    tools,
    prompts: compiled.promptList.map((p): PromptSurface => ({
      ...handler(compiled.prompts.get(p.name)!, 'prompts/get', p.name),
      arguments: (p.arguments ?? []).map(({ name, description, required }) => ({
        name,
        ...(description !== undefined && { description }),
        ...(required !== undefined && { required }),
      })),
    })),
    resources: compiled.resourceList.map((r) => handler(compiled.resources.get(r.uri)!, 'resources/read', r.uri)),
    templates: compiled.templates.map((t) => {
      const uriTemplate = t.plan.meta.kind === 'resource-template' ? t.plan.meta.uriTemplate : String(t.template);
      return handler(t.plan, 'resources/read', uriTemplate);
    }),
    skills: runtime.skills !== undefined,
    extensions,
    security: runtime.security,
  };
}

function question(dependency: DependencyPlan): QuestionSurface {
  const { spec } = dependency;
  const message = 'message' in spec && typeof spec.message === 'string' ? spec.message : null;
  return {
    key: dependency.key,
    decorator: spec.decorator,
    message,
    after: dependency.after,
    conditional: spec.when !== undefined,
    inject: dependency.inject,
    ...(dependency.requestedSchema !== undefined && { requestedSchema: dependency.requestedSchema }),
  };
}
