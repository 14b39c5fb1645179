import type { ExecutionContext } from './execution-context';

/** What a pipe knows about the value it transforms. */
export interface PipeTarget {
  /** The parameter's position and how it was filled (`'args'`, `'ctx'`, `'inject'`, `'custom'`, `'dependency'`, ...). */
  param: { readonly index: number; readonly kind: string };
  /** The parameter's declared type, when reflection could see it. */
  type: unknown;
}

/** Transforms (or rejects, by throwing) a resolved parameter value before the handler gets it. */
export interface Pipe {
  transform(value: unknown, target: PipeTarget, ctx: ExecutionContext): unknown;
}
