import 'reflect-metadata';
import type { Class } from '../types/class';

// TODO(core): move into metadata/reflect.ts (the one file meant to read design metadata) as getPropertyType.
/** The declared type of a property as emitted by `emitDecoratorMetadata` (`undefined` when none was emitted). */
export function getPropertyDesignType(cls: Class, propertyName: string): unknown {
  return Reflect.getMetadata('design:type', cls.prototype, propertyName);
}
