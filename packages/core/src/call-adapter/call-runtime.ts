import type { DependencyContainer, InjectionToken } from 'tsyringe';
import type { Logger } from '../logging/logger';
import type { PipelineTools } from '../pipeline/call-stage';

/** What running one call through the pipeline needs of a server: the decorated app's runtime, or a low-level server's. */
export interface CallRuntime {
  /** The root container a call's own child container is opened from, on first use. */
  root: DependencyContainer;
  /** The root's singletons built at startup, by token (see `di/root-container.ts`). */
  singletons: ReadonlyMap<InjectionToken, unknown>;
  /** What the call pipeline's stages share: the request-state interceptor, parameter resolvers, the dependency resolver, telemetry. */
  pipeline: PipelineTools;
  logger: Logger;
}
