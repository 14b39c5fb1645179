import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { HandlerMethod } from '../contracts/handler-ref';
import { describePipeline, type PipelineStageDescription } from '../pipeline/describe-pipeline';
import { createSdkServer } from '../server/create-sdk-server';
import type { ServerRuntime } from '../server/server-runtime';
import { declaredScopes, neededScopes } from '../auth/handler-scopes';
import { httpAuthRuntime } from '../auth/http-auth-runtime';
import { tasksRuntime } from '../tasks/tasks-runtime-modules';
import type { HttpAuthOptions } from '../auth/http-auth-options';
import type { LegacySessionOptions } from '../endpoint/legacy-sessions';
import { McpEndpoint } from '../endpoint/mcp-endpoint';
import type { ResolvedRequestLimits } from '../limits/request-limits';

/**
 * A compiled, ready-to-serve application. The same compiled tables serve every transport: `fetch`
 * (web-standard, also the in-memory face for tests) here; `listen` and `serveStdio` from `@tessera/core/node`.
 */
export class TesseraApp extends McpEndpoint {
  constructor(
    readonly runtime: ServerRuntime,
    auth?: HttpAuthOptions,
    legacySessions?: boolean | LegacySessionOptions,
    limits?: ResolvedRequestLimits,
  ) {
    const httpAuth = auth && new (httpAuthRuntime().HttpAuth)(auth, runtime.logger, declaredScopes(runtime.compiled));
    super((era) => createSdkServer(runtime, era), runtime.logger, httpAuth, legacySessions, limits, runtime.events);
    this.paramHeaders = runtime.compiled.paramHeaders;
    // also when a host verified the token itself and passes `authInfo` in: scopes hold whoever checked it
    this.challengeScopes = (body, authInfo) => {
      if (authInfo === undefined) return undefined;
      for (const { scopes, what } of neededScopes(runtime.compiled, body)) {
        const challenge = httpAuthRuntime().scopeChallenge(authInfo, scopes, what, httpAuth);
        if (challenge) return challenge;
      }
      return undefined;
    };
    if (runtime.tasks) this.taskListen = new (tasksRuntime().TaskListenStreams)(runtime.tasks);
    this.countRefusals(runtime.pipeline.telemetry);
  }

  get name(): string {
    return this.runtime.info.name;
  }

  /**
   * The effective call pipeline, stage by stage (for logs, docs and tests). Without arguments: the
   * application-wide chain; with a method and a name (tool or prompt name, resource URI or URI template):
   * that handler's merged chain, its parameters and the method it invokes.
   */
  describePipeline(method?: HandlerMethod, name?: string): PipelineStageDescription[] {
    const { compiled, pipeline } = this.runtime;
    if (method === undefined) return describePipeline({ enhancers: compiled.appEnhancers, tools: pipeline });
    const plan =
      method === 'tools/call'
        ? compiled.tools.get(name!)
        : method === 'prompts/get'
          ? compiled.prompts.get(name!)
          : (compiled.resources.get(name!) ??
            compiled.templates.find((t) => t.plan.meta.kind === 'resource-template' && t.plan.meta.uriTemplate === name)
              ?.plan);
    if (!plan)
      throw new InvalidConfigurationError(
        `describePipeline: no ${method} handler named "${String(name)}" in "${this.name}".`,
      );
    return describePipeline({ enhancers: plan.enhancers, plan, tools: pipeline });
  }

  /**
   * Stops serving, then disposes the root container (and the singletons it built). Running task steps are
   * given their queue's drain at once, while the listeners drain, so they finish rather than start over.
   */
  override async close(): Promise<void> {
    const draining = this.runtime.tasks?.drain();
    try {
      await super.close();
    } finally {
      await draining?.catch(() => undefined);
    }
    await this.runtime.tasks?.close();
    await this.runtime.root.dispose();
  }
}
