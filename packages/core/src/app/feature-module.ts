import type { ExceptionFilter } from '../contracts/exception-filter';
import type { Guard } from '../contracts/guard';
import type { Interceptor } from '../contracts/interceptor';
import type { Pipe } from '../contracts/pipe';
import type { ServiceRegistration } from '../di/service-registration';
import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { Class } from '../types/class';

/**
 * A part of an application, composed with `imports` (as NestJS modules are): its providers serve calls,
 * its services join the one root container (shared by every module), and its enhancers wrap its own
 * providers' handlers, inside the application-wide ones and outside class and method ones.
 */
export interface FeatureModule {
  /** Unique across the application; errors and `describePipeline` name modules by it. */
  name: string;
  providers?: Class[];
  services?: ServiceRegistration[];
  guards?: EnhancerRef<Guard>[];
  interceptors?: EnhancerRef<Interceptor>[];
  pipes?: EnhancerRef<Pipe>[];
  filters?: EnhancerRef<ExceptionFilter>[];
  /** Modules this one is made of. A module imported from several places is included once. */
  imports?: FeatureModule[];
}
