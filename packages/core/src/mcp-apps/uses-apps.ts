import type { CompiledApp } from '../compiler/compiled-app';

/**
 * Whether the application declares anything of MCP Apps (an app tool, an `@AppResource`, an app-rendered
 * question): only then is the extension (and ext-apps, an ES module loaded on demand) part of it.
 */
export function usesApps(compiled: CompiledApp): boolean {
  for (const plan of compiled.tools.values()) {
    if (plan.meta.kind === 'tool' && plan.meta.ui !== undefined) return true;
    if (plan.dependencies.some((d) => d.spec.kind === 'form-elicitation' && d.spec.app !== undefined)) return true;
  }
  for (const plan of compiled.prompts.values())
    if (plan.dependencies.some((d) => d.spec.kind === 'form-elicitation' && d.spec.app !== undefined)) return true;
  for (const plan of compiled.resources.values()) if (plan.meta.kind === 'resource' && plan.meta.app) return true;
  return false;
}
