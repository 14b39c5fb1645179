import type { DependencyContainer } from 'tsyringe';
import type { RequestStateSealer, RequestStateSecurity } from '@tessera/request-state';
import type { CompiledApp } from '../compiler/compiled-app';
import type { Logger } from '../logging/logger';
import type { ExecutionContext } from '../pipeline/execution-context';
import type { ParamResolverRegistry } from '../pipeline/params/param-resolver-registry';
import type { DependencyResolution } from '../pipeline/resolve-params';

/** Everything built once per application that each request's SDK server closes over. */
export interface ServerRuntime {
  info: { name: string; version: string; title?: string };
  instructions?: string;
  compiled: CompiledApp;
  root: DependencyContainer;
  security: RequestStateSecurity<ExecutionContext>;
  sealer: RequestStateSealer;
  resolvers: ParamResolverRegistry;
  dependencies: DependencyResolution;
  logger: Logger;
  pageSize: number;
  legacyInputRequiredBridge: boolean;
  cacheHints?: Record<string, unknown>;
}
