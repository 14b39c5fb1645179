import { RequestStateSecurity } from '@tessera/request-state/framework';
import { compileApp } from '../compiler/compile-app';
import { flattenModules } from '../compiler/flatten-modules';
import { createRootContainer } from '../di/root-container';
import { checkServerSettings } from '../endpoint/check-server-settings';
import { resolveRequestLimits } from '../limits/request-limits';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { ConsoleLogger } from '../logging/console-logger';
import type { ExecutionContext } from '../contracts/execution-context';
import type { PipelineContext } from '../contracts/pipeline-context';
import { ParamResolverRegistry } from '../pipeline/params/param-resolver-registry';
import { resolveDependenciesOnUse } from '../mrtr/resolve-dependencies-on-use';
import { RequestStateInterceptor } from '../pipeline/request-state.interceptor';
import { flowTelemetryFor } from '../telemetry/flow-telemetry-for';
import type { ServerRuntime } from '../server/server-runtime';
import type { AppModule } from './app-module';
import type { CreateAppOptions } from './create-app-options';
import { checkAppModuleSettings, checkCreateAppOptions } from '../compiler/module-settings';
import { checkCacheHints } from './check-cache-hints';
import { createTesseraApp, type TesseraApp } from './tessera-app';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { loadFeature } from '../loading/load-feature';
import { securitySummary } from './security-summary';
import { serverIdentityOf } from './server-identity';
import { CallerVisibility } from '../server/caller-visibility';
import { checkListCacheScopes, scopeVisibilityOf } from './visibility-options';
import { activateExtensions } from '../extensions/activate-extensions';
import { tasksServerExtension } from '../tasks/tasks-server-extension';
import { appsServerExtension } from '../mcp-apps/apps-server-extension';
import { usesApps } from '../mcp-apps/uses-apps';
import { skillsServerExtension } from '../skills/skills-server-extension';

/**
 * Compiles an application module once (every definition-time error is thrown here) and returns the
 * app, ready to serve over HTTP, stdio or in memory.
 */
export function createApp(module: AppModule, options: CreateAppOptions = {}): TesseraApp {
  const pageSize = checkServerSettings(module, 'The application module', 'Module');
  checkAppModuleSettings(module);
  checkCreateAppOptions(options);
  checkCacheHints(module);
  const limits = resolveRequestLimits(module.limits, `Module "${module.name}"`);
  if (!Array.isArray(module.providers))
    throw new InvalidConfigurationError(`Module "${module.name}" needs a providers array.`);

  const { units, services } = flattenModules(module);
  const compiled = compileApp(units);
  const scopeVisibility = scopeVisibilityOf(module.visibility, module.name);
  const security = module.security ?? RequestStateSecurity.ephemeral<ExecutionContext>();
  const logger = module.logger ?? new ConsoleLogger({ sensitiveFields: module.sensitiveFields });
  const visibility = new CallerVisibility(compiled, scopeVisibility, logger);
  checkListCacheScopes(module.cacheHints, module.name, visibility);
  const bindPrincipal = security.bindPrincipal;
  const { root, singletons } = createRootContainer(services, { useGlobalContainer: options.useGlobalContainer });
  const runtime: ServerRuntime = {
    info: serverIdentityOf(module),
    instructions: module.instructions,
    compiled,
    visibility,
    root,
    singletons,
    pipeline: {
      requestState: new RequestStateInterceptor({
        sealer: security.forServer(module.name),
        // the decorated server's calls are whole contexts; the policy's rule is typed for those
        bindPrincipal: bindPrincipal ? (call) => bindPrincipal(call as PipelineContext) : undefined,
        logger,
      }),
      resolvers: new ParamResolverRegistry(),
      dependencies: resolveDependenciesOnUse,
      telemetry: flowTelemetryFor(module.telemetry, 'Module'),
    },
    logger,
    pageSize,
    legacyInputRequiredBridge: module.legacyInputRequiredBridge ?? false,
    cacheHints: module.cacheHints,
    events: module.events,
    security: securitySummary(security),
    extensions: [],
    activateExtensions: (app) =>
      activateExtensions(
        module.name,
        module.extensions,
        [
          tasksServerExtension(() => runtime.tasks),
          ...(runtime.skills ? [runtime.skills] : []),
          ...(usesApps(app) ? [appsServerExtension(app)] : []),
        ],
        runtime.info,
        app,
      ),
  };
  const servesTasks = [...compiled.tools.values()].some((plan) => plan.meta.kind === 'tool' && plan.meta.task);
  // a task is bound to its caller by the policy's principal rule, as a requestState is
  if (servesTasks)
    runtime.tasks = new (loadFeature('tasks').TaskRuntime)(runtime, module.tasks, {
      bindPrincipal: bindPrincipal ? (ctx) => bindPrincipal(ctx) : undefined,
    });
  const skills = checkedSkills(module);
  if (skills) runtime.skills = skillsServerExtension(skills);
  runtime.extensions = runtime.activateExtensions(compiled);
  return createTesseraApp(runtime, units, options.auth, options.legacySessions, limits);
}

/** The module's skills: the SDK's own extension object (a catalog, or one built over a SkillSource). */
function checkedSkills(module: AppModule): SkillsExtension | undefined {
  const skills = module.skills;
  if (skills === undefined) return undefined;
  if (!(skills instanceof loadFeature('skills').SkillsExtension)) {
    throw new InvalidConfigurationError(
      `Module "${module.name}": skills must be a SkillsExtension (loadSkillFolder / loadSkillFiles, or the SDK's ` +
        `SkillsExtension.load or new SkillsExtension({ source })), got ${skills === null ? 'null' : typeof skills}.`,
    );
  }
  return skills;
}
