import type { Tool } from '@modelcontextprotocol/server';
import type { CompiledApp } from '../compiler/compiled-app';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { ServerExtension } from '../contracts/server-extension';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { isJsonObject } from '../types/json-object';
import { loadExtApps } from './load-ext-apps';

const TOOL_UI_KEYS = new Set(['resource', 'visibility']);
const VISIBILITIES = new Set(['model', 'app']);

/**
 * MCP Apps on the extensions seam: checks every app tool, `@AppResource` and app-rendered question against
 * the application at `createApp` (naming class and method), advertises the extension once an app tool or an
 * app-rendered question exists (with `elicitation` for the latter, SEP-3118), and writes each app tool's
 * `_meta.ui` with ext-apps' own `registerAppTool`, so the flat key older hosts read is kept in step.
 */
export function appsServerExtension(compiled: CompiledApp): ServerExtension {
  return {
    // ext-apps' own identifier; reserved whether or not this application serves the extension
    id: loadExtApps().EXTENSION_ID,
    setup() {
      const views = appResources(compiled);
      const appTools = [...compiled.tools.values()].filter((plan) => toolUi(plan) !== undefined);
      for (const plan of views.values()) checkViewUri(plan);
      for (const plan of appTools) checkAppTool(plan, views);
      const appQuestions = [...compiled.tools.values(), ...compiled.prompts.values()].flatMap((plan) =>
        plan.dependencies.flatMap((d) =>
          d.spec.kind === 'form-elicitation' && d.spec.app !== undefined ? [{ plan, key: d.key, app: d.spec.app }] : [],
        ),
      );
      for (const { plan, key, app } of appQuestions) checkNamedView(app, views, `${plan.where}: @Elicit "${key}" app`);
      if (appTools.length === 0 && appQuestions.length === 0) return undefined;
      return appQuestions.length > 0 ? { elicitation: {} } : {};
    },
    decorateTool(tool) {
      const plan = compiled.tools.get(tool.name);
      const ui = plan && toolUi(plan);
      if (!ui) return tool;
      return withAppToolMeta(tool, { resourceUri: ui.resource, ...(ui.visibility && { visibility: ui.visibility }) });
    },
  };
}

function toolUi(plan: HandlerPlan) {
  return plan.meta.kind === 'tool' ? plan.meta.ui : undefined;
}

/** The application's `@AppResource` methods by URI. */
function appResources(compiled: CompiledApp): Map<string, HandlerPlan> {
  const views = new Map<string, HandlerPlan>();
  for (const [uri, plan] of compiled.resources)
    if (plan.meta.kind === 'resource' && plan.meta.app) views.set(uri, plan);
  return views;
}

function checkViewUri(plan: HandlerPlan): void {
  const uri = plan.meta.kind === 'resource' ? plan.meta.uri : '';
  if (!uri.startsWith('ui://'))
    throw new InvalidConfigurationError(
      `@AppResource on ${plan.where}: an app's view is served at a ui:// URI, got "${uri}".`,
    );
}

function checkAppTool(plan: HandlerPlan, views: Map<string, HandlerPlan>): void {
  const where = `@Tool on ${plan.where}: ui`;
  const ui = toolUi(plan) as unknown;
  if (!isJsonObject(ui)) throw new InvalidConfigurationError(`${where} must be an object { resource, visibility }.`);
  for (const key of Object.keys(ui)) {
    if (key === 'csp' || key === 'permissions')
      throw new InvalidConfigurationError(
        `${where}.${key}: ${key} belongs to the view, not the tool; set it on the @AppResource "${String(ui.resource)}".`,
      );
    if (!TOOL_UI_KEYS.has(key))
      throw new InvalidConfigurationError(`${where} has no option "${key}". Its options: resource, visibility.`);
  }
  checkNamedView(ui.resource, views, `${where}.resource`);
  const visibility = ui.visibility;
  if (
    visibility !== undefined &&
    (!Array.isArray(visibility) || visibility.length === 0 || !visibility.every((v) => VISIBILITIES.has(v as string)))
  )
    throw new InvalidConfigurationError(
      `${where}.visibility must be a non-empty array of "model" and "app", got ${JSON.stringify(visibility)}.`,
    );
  const meta = plan.meta._meta;
  if (meta !== undefined && (Object.hasOwn(meta, 'ui') || Object.hasOwn(meta, loadExtApps().RESOURCE_URI_META_KEY)))
    throw new InvalidConfigurationError(
      `@Tool on ${plan.where}: _meta.ui is written from the ui option; remove the hand-written one beside it.`,
    );
}

function checkNamedView(uri: unknown, views: Map<string, HandlerPlan>, where: string): void {
  if (typeof uri !== 'string' || !uri.startsWith('ui://'))
    throw new InvalidConfigurationError(`${where} must be a ui:// URI, got ${JSON.stringify(uri)}.`);
  if (!views.has(uri)) {
    const known = [...views.keys()];
    throw new InvalidConfigurationError(
      `${where} names "${uri}", which no @AppResource serves` +
        (known.length > 0 ? ` (the app's views: ${known.join(', ')}).` : ' (the app has no @AppResource).'),
    );
  }
}

/** The tool's entry with `_meta.ui` as ext-apps' `registerAppTool` writes it (both keys kept in step). */
function withAppToolMeta(tool: Tool, ui: { resourceUri: string; visibility?: string[] }): Tool {
  let written: Record<string, unknown> | undefined;
  const capture = {
    registerTool: (_name: string, config: { _meta?: Record<string, unknown> }) => {
      written = config._meta;
      return undefined as never;
    },
  };
  loadExtApps().registerAppTool(
    capture,
    tool.name,
    { _meta: { ...tool._meta, ui } } as never,
    (() => ({
      content: [],
    })) as never,
  );
  return { ...tool, _meta: written };
}
