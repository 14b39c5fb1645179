import type { StateCarryingMethod } from '@tessera/common';
import type { Class } from '../types/class';

/** The four kinds of decorated method that serve calls. */
export type HandlerKind = 'tool' | 'prompt' | 'resource' | 'resource-template';

/** The three methods that may answer with `InputRequiredResult`, and so the only ones a handler serves. */
export type HandlerMethod = StateCarryingMethod;

/** Which decorated method serves this call. */
export interface HandlerRef {
  kind: HandlerKind;
  /** Tool or prompt name, or the resource's name. */
  name: string;
  providerClass: Class;
  methodName: string | symbol;
}
