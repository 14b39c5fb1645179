import type { ExecutionContext } from './execution-context';
import type { FlowProgress } from './flow-progress';
import type { ResolverProgress } from './resolver-progress';

/**
 * A call's context as Tessera's own stages see it (internal: not exported). The request-state stage opens
 * `requestState`, `resolverProgress` and `flow` before anything runs and seals them last; the dependency
 * resolver and the round trace leave their progress in them. Users are handed the same object typed as
 * `ExecutionContext`, where none of this is writable and the progress is not visible.
 */
export interface PipelineContext extends Omit<ExecutionContext, 'requestState' | 'idempotencyKey'> {
  requestState: unknown;
  /** Set by the request-state stage from the request's `_meta`, once checked. */
  idempotencyKey?: string;
  /** The dependency resolver's progress (`@Elicit`, `@Sample`, `@ListRoots`), opened and sealed by that stage. */
  readonly resolverProgress: ResolverProgress;
  /** The flow's telemetry mark (id, round, first span), opened and sealed by that stage; empty with telemetry off. */
  readonly flow: FlowProgress;
}
