import { DuplicateNameError } from '../errors/definition/duplicate-name.error';
import { checkOptions } from '../errors/definition/check-options';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { checkServerSettings } from '../endpoint/check-server-settings';
import { resolveRequestLimits } from '../limits/request-limits';
import { ConsoleLogger } from '../logging/console-logger';
import { ParamResolverRegistry } from '../pipeline/params/param-resolver-registry';
import { RequestStateInterceptor } from '../pipeline/request-state.interceptor';
import { createIsolatedContainer } from '../di/isolated-container';
import type { HandlerPlan } from '../compiler/handler-plan';
import { resolveDependenciesOnUse } from '../mrtr/resolve-dependencies-on-use';
import { flowTelemetryFor } from '../telemetry/flow-telemetry-for';
import { LowLevelHandler, lowLevelToolPlan } from './low-level-tool-plan';
import { RawRequestState } from './raw-request-state';
import type { LowLevelRuntime } from './create-low-level-sdk-server';
import type { LowLevelServerOptions } from './low-level-server-options';
import { buildLowLevelServer, type LowLevelServer } from './low-level-server';

const LOW_LEVEL_SERVER_OPTIONS = {
  name: true,
  version: true,
  title: true,
  instructions: true,
  tools: true,
  callTool: true,
  requestState: true,
  pageSize: true,
  auth: true,
  legacyInputRequiredBridge: true,
  telemetry: true,
  logger: true,
  limits: true,
} as const satisfies Record<keyof LowLevelServerOptions, true>;

/**
 * A decorator-free server: the author lists tools as JSON Schema definitions and answers
 * every call with `CallToolResult | InputRequiredResult`. `requestState` is sealed only when
 * `options.requestState` is given; configuration errors are thrown here, at startup.
 */
export function createLowLevelServer(options: LowLevelServerOptions): LowLevelServer {
  checkOptions(options, LOW_LEVEL_SERVER_OPTIONS, 'createLowLevelServer');
  const pageSize = checkServerSettings(options, 'createLowLevelServer', 'Server');
  const limits = resolveRequestLimits(options.limits, `Server "${options.name}"`);
  if (typeof options.callTool !== 'function')
    throw new InvalidConfigurationError(`Server "${options.name}" needs a callTool function.`);

  const plans = new Map<string, HandlerPlan>();
  for (const [i, tool] of (options.tools ?? []).entries()) {
    if (typeof tool?.name !== 'string' || tool.name === '')
      throw new InvalidConfigurationError(`Server "${options.name}": tools[${i}] has no name.`);
    if (tool.inputSchema?.type !== 'object')
      throw new InvalidConfigurationError(
        `Server "${options.name}": tool "${tool.name}" needs an inputSchema of type "object".`,
      );
    if (plans.has(tool.name))
      throw new DuplicateNameError(
        'tool',
        tool.name,
        `tools[${options.tools.findIndex((t) => t.name === tool.name)}]`,
        `tools[${i}]`,
      );
    plans.set(tool.name, lowLevelToolPlan(options.name, tool.name, tool.annotations));
  }

  const logger = options.logger ?? new ConsoleLogger();
  const security = options.requestState;
  const bindPrincipal = security?.bindPrincipal;
  const telemetry = flowTelemetryFor(options.telemetry, `Server "${options.name}"`);
  const runtime: LowLevelRuntime = {
    options,
    tools: [...options.tools],
    plans,
    pageSize,
    // every call runs the decorated server's pipeline: one sealing mechanism, one telemetry, one error mapping
    call: {
      root: createIsolatedContainer(), // never opened: the one provider is a startup singleton
      singletons: new Map([[LowLevelHandler, new LowLevelHandler(options.callTool)]]),
      logger,
      pipeline: {
        requestState: security
          ? new RequestStateInterceptor({
              sealer: security.forServer(options.name),
              bindPrincipal: bindPrincipal ? (call) => bindPrincipal(call.sdk) : undefined,
              logger,
            })
          : new RawRequestState(),
        resolvers: new ParamResolverRegistry(),
        dependencies: resolveDependenciesOnUse,
        telemetry,
      },
    },
  };
  return buildLowLevelServer(runtime, options.auth, limits);
}
