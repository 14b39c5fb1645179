import type { AuthInfo, Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/server';
import type { CompiledApp, TemplatePlan } from '../compiler/compiled-app';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { Logger } from '../logging/logger';
import { principalFromAuth } from '../pipeline/principal';

/**
 * What a handler whose scopes a caller's token lacks does: `'hide'` (the default) leaves it out of that
 * caller's lists and answers its calls as unknown ones; `'challenge'` lists it to everyone and answers a call
 * with 403 `insufficient_scope` naming the scopes, so the client can step up.
 */
export type ScopeVisibility = 'hide' | 'challenge';

/** A resource read's handler as the caller sees it: the static resource first, then the templates in order. */
export interface FoundResource {
  plan: HandlerPlan;
  variables: Record<string, unknown>;
}

/**
 * The one place that decides what a caller sees: every list page is cut from `tools(...)`, `prompts(...)`,
 * `resources(...)` and `templates(...)`, and every call looks its handler up through `sees`, so a hidden
 * handler is left out of lists and answered as an unknown one alike. Hidden: its scopes refuse the caller
 * (scope visibility `'hide'`), its `visible` predicate says no (or throws: refused, and logged), or it is
 * switched off (`disabled`). An app where nothing can hide serves its compiled lists as they are.
 */
export class CallerVisibility {
  /** Names (tools, prompts) or URIs / URI templates (resources) switched off while serving. */
  readonly disabled = { tools: new Set<string>(), prompts: new Set<string>(), resources: new Set<string>() };
  #mayHide = false;
  #variesByCaller = false;

  constructor(
    private readonly compiled: CompiledApp,
    readonly scopes: ScopeVisibility,
    private readonly logger: Logger,
  ) {
    this.refresh();
  }

  /** Works out again whether anything can hide (after the served handlers or the switched-off ones change). */
  refresh(): void {
    const c = this.compiled;
    const plans = [
      ...c.tools.values(),
      ...c.prompts.values(),
      ...c.resources.values(),
      ...c.templates.map((t) => t.plan),
    ];
    this.#variesByCaller = plans.some(
      (plan) => plan.meta.visible !== undefined || (this.scopes === 'hide' && plan.scopes.length > 0),
    );
    this.#mayHide =
      this.disabled.tools.size + this.disabled.prompts.size + this.disabled.resources.size > 0 || this.#variesByCaller;
  }

  /** True when two callers may see different surfaces (scopes that hide, or a `visible` predicate). */
  get variesByCaller(): boolean {
    return this.#variesByCaller;
  }

  /** True when some caller may see less than the whole surface (list answers then vary by caller). */
  get mayHide(): boolean {
    return this.#mayHide;
  }

  /** True when the scopes the plan needs hide it from this caller (a verified token without them). */
  hidesByScopes(plan: HandlerPlan, authInfo: AuthInfo | undefined): boolean {
    if (this.scopes !== 'hide' || authInfo === undefined || plan.scopes.length === 0) return false;
    const granted = authInfo.scopes;
    return plan.scopes.some((scope) => !granted.includes(scope));
  }

  /** Whether this caller sees the plan: synchronous unless a `visible` predicate has to run. */
  sees(plan: HandlerPlan, authInfo: AuthInfo | undefined): boolean | Promise<boolean> {
    if (!this.#mayHide) return true;
    if (this.isSwitchedOff(plan) || this.hidesByScopes(plan, authInfo)) return false;
    const visible = plan.meta.visible;
    if (visible === undefined) return true;
    return this.ask(plan, visible, authInfo);
  }

  /** True when the caller sees the plan and no predicate had to run to say so (the fast lane's direct paths). */
  seesAtOnce(plan: HandlerPlan, authInfo: AuthInfo | undefined): boolean {
    return !this.#mayHide || (plan.meta.visible === undefined && this.sees(plan, authInfo) === true);
  }

  tools(authInfo: AuthInfo | undefined): Promise<readonly Tool[]> | readonly Tool[] {
    const { toolList, tools } = this.compiled;
    return this.#mayHide ? this.filter(toolList, (t) => tools.get(t.name), authInfo) : toolList;
  }

  prompts(authInfo: AuthInfo | undefined): Promise<readonly Prompt[]> | readonly Prompt[] {
    const { promptList, prompts } = this.compiled;
    return this.#mayHide ? this.filter(promptList, (p) => prompts.get(p.name), authInfo) : promptList;
  }

  resources(authInfo: AuthInfo | undefined): Promise<readonly Resource[]> | readonly Resource[] {
    const { resourceList, resources } = this.compiled;
    return this.#mayHide ? this.filter(resourceList, (r) => resources.get(r.uri), authInfo) : resourceList;
  }

  templates(
    authInfo: AuthInfo | undefined,
  ): Promise<readonly ResourceTemplateType[]> | readonly ResourceTemplateType[] {
    const { templateList, templates } = this.compiled;
    if (!this.#mayHide) return templateList;
    const byTemplate = new Map(templates.map((t) => [templateOf(t), t.plan]));
    return this.filter(templateList, (t) => byTemplate.get(t.uriTemplate), authInfo);
  }

  /** The plan serving a read of `uri` for this caller, skipping the handlers it does not see. */
  async findResource(uri: string, authInfo: AuthInfo | undefined): Promise<FoundResource | undefined> {
    const { resources, templates } = this.compiled;
    const plan = resources.get(uri);
    if (plan && (await this.sees(plan, authInfo))) return { plan, variables: {} };
    for (const { plan: tplan, template } of templates) {
      const variables = template.match(uri);
      if (!variables || !(await this.sees(tplan, authInfo))) continue;
      return { plan: tplan, variables: variables as Record<string, unknown> };
    }
    return undefined;
  }

  /** True when the plan is switched off while serving (`app.tools.disable(...)` and its kin): hidden from all. */
  isSwitchedOff(plan: HandlerPlan): boolean {
    const { meta } = plan;
    switch (meta.kind) {
      case 'tool':
        return this.disabled.tools.has(plan.ref.name);
      case 'prompt':
        return this.disabled.prompts.has(plan.ref.name);
      case 'resource':
        return this.disabled.resources.has(meta.uri);
      case 'resource-template':
        return this.disabled.resources.has(meta.uriTemplate);
    }
  }

  private async filter<T>(
    entries: readonly T[],
    planOf: (entry: T) => HandlerPlan | undefined,
    authInfo: AuthInfo | undefined,
  ): Promise<readonly T[]> {
    const seen = await Promise.all(entries.map(async (entry) => this.sees(planOf(entry)!, authInfo)));
    return entries.filter((_, i) => seen[i]);
  }

  private async ask(
    plan: HandlerPlan,
    visible: NonNullable<HandlerPlan['meta']['visible']>,
    authInfo: AuthInfo | undefined,
  ): Promise<boolean> {
    try {
      return (await visible({ handler: plan.ref, principal: principalFromAuth(authInfo), authInfo })) === true;
    } catch (error) {
      // refused rather than shown: a predicate that cannot decide must not widen what a caller sees
      this.logger.warn(`visible() of ${plan.where} threw; the handler is hidden from this caller`, {
        error: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  }
}

function templateOf(t: TemplatePlan): string {
  return t.plan.meta.kind === 'resource-template' ? t.plan.meta.uriTemplate : t.template.toString();
}
