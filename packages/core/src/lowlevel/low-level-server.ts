import type { HttpAuthOptions } from '../auth/http-auth-options';
import { addEndpointFeatures, McpEndpoint } from '../endpoint/mcp-endpoint';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import { emptyEnhancers } from '../metadata/definitions/enhancer.metadata';
import { describePipeline, type PipelineStageDescription } from '../pipeline/describe-pipeline';
import { createLowLevelSdkServer, type LowLevelRuntime } from './create-low-level-sdk-server';

let build: (runtime: LowLevelRuntime, auth?: HttpAuthOptions, limits?: ResolvedRequestLimits) => LowLevelServer;

/**
 * A ready-to-serve low-level server (made by `createLowLevelServer`), with the same three faces as `TesseraApp`:
 * `fetch`, `listen`, `serveStdio`.
 */
export class LowLevelServer extends McpEndpoint {
  private constructor(
    private readonly runtime: LowLevelRuntime,
    auth?: HttpAuthOptions,
    limits?: ResolvedRequestLimits,
  ) {
    super((era) => createLowLevelSdkServer(runtime, era), runtime.call.logger, auth, undefined, limits);
    addEndpointFeatures(this, { telemetry: runtime.call.pipeline.telemetry });
  }

  static {
    build = (runtime, auth, limits) => new LowLevelServer(runtime, auth, limits);
  }

  get name(): string {
    return this.runtime.options.name;
  }

  /**
   * The call pipeline every `tools/call` runs, stage by stage, as `TesseraApp.describePipeline` lists a
   * decorated one's: without a name the server-wide chain, with a tool's name that tool's.
   */
  describePipeline(tool?: string): PipelineStageDescription[] {
    const tools = this.runtime.call.pipeline;
    if (tool === undefined) return describePipeline({ enhancers: emptyEnhancers(), tools });
    const plan = this.runtime.plans.get(tool);
    if (!plan) throw new InvalidConfigurationError(`describePipeline: no tool named "${tool}" in "${this.name}".`);
    return describePipeline({ enhancers: plan.enhancers, plan, tools });
  }
}

/** The server over `runtime` (createLowLevelServer's last step). */
export function buildLowLevelServer(
  runtime: LowLevelRuntime,
  auth?: HttpAuthOptions,
  limits?: ResolvedRequestLimits,
): LowLevelServer {
  return build(runtime, auth, limits);
}
