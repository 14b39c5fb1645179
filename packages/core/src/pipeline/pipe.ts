import type { ExecutionContext } from './execution-context';
import type { ParamMetadata } from '../metadata/definitions/param.metadata';

/** What a pipe knows about the value it transforms. */
export interface PipeTarget {
  param: ParamMetadata;
  /** The parameter's declared type, when reflection could see it. */
  type: unknown;
}

/** Transforms (or rejects, by throwing) a resolved parameter value before the handler gets it. */
export interface Pipe {
  transform(value: unknown, target: PipeTarget, ctx: ExecutionContext): unknown;
}
