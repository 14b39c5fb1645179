import type { InjectionToken } from 'tsyringe';
import type { Class } from '../../types/class';
import type { DependencySpec } from '../../mrtr/dependency-spec';
import type { ExecutionContext } from '../../contracts/execution-context';

/** Every parameter record names its position; the `kind` picks the resolver that fills it. */
interface ParamMetadataBase {
  index: number;
}

export interface ArgsParamMetadata extends ParamMetadataBase {
  kind: 'args';
  /** Explicit DTO type; wins over `design:paramtypes`. */
  type?: () => Class;
}

export interface CtxParamMetadata extends ParamMetadataBase {
  kind: 'ctx';
}

export interface PrincipalParamMetadata extends ParamMetadataBase {
  kind: 'principal';
}

export interface InjectParamMetadata extends ParamMetadataBase {
  kind: 'inject';
  token: InjectionToken;
}

export interface CustomParamMetadata extends ParamMetadataBase {
  kind: 'custom';
  resolve: (ctx: ExecutionContext, data: unknown) => unknown;
  data?: unknown;
}

/** `@Elicit`, `@Sample` and `@ListRoots`: filled by the multi-round-trip resolver. */
export interface DependencyParamMetadata extends ParamMetadataBase {
  kind: 'dependency';
  spec: DependencySpec;
}

export type ParamMetadata =
  | ArgsParamMetadata
  | CtxParamMetadata
  | PrincipalParamMetadata
  | InjectParamMetadata
  | CustomParamMetadata
  | DependencyParamMetadata;

export type ParamKind = ParamMetadata['kind'];
