/* eslint-disable @typescript-eslint/no-require-imports -- class-validator's own files, in place of its root */
import type * as CV from 'class-validator';
import { DEFINING_FILES } from './defining-files';

type ClassValidator = typeof CV;

/**
 * class-validator's root functions, composed as its index.js composes them, over the container and the
 * `Validator` loaded from their own files.
 */
function rootFunction(name: string): unknown {
  const validator = () => {
    const { getFromContainer } = require('class-validator/cjs/container') as ClassValidator;
    const { Validator } = require('class-validator/cjs/validation/Validator') as ClassValidator;
    return getFromContainer(Validator);
  };
  switch (name) {
    case 'validate':
    case 'validateOrReject':
    case 'validateSync': {
      const method = name;
      return (schemaNameOrObject: string | object, objectOrOptions?: object, maybeOptions?: CV.ValidatorOptions) => {
        const v = validator() as unknown as Record<string, (...args: unknown[]) => unknown>;
        return typeof schemaNameOrObject === 'string'
          ? v[method]!(schemaNameOrObject, objectOrOptions, maybeOptions)
          : v[method]!(schemaNameOrObject, objectOrOptions);
      };
    }
    case 'registerSchema':
      return (schema: CV.ValidationSchema) => {
        const { getMetadataStorage } = require('class-validator/cjs/metadata/MetadataStorage') as ClassValidator;
        getMetadataStorage().addValidationSchema(schema);
      };
    default:
      return undefined;
  }
}

const ROOT_FUNCTIONS = new Set(['validate', 'validateOrReject', 'validateSync', 'registerSchema']);

/**
 * `name` of class-validator's root, loaded from the file that defines it; undefined when this table does not
 * know it. Throws when the file no longer defines it (the caller then turns the loader off).
 */
export function loadDeepMember(name: string): unknown {
  if (ROOT_FUNCTIONS.has(name)) return rootFunction(name);
  const file = DEFINING_FILES[name];
  if (!file) return undefined;
  const value = file()[name];
  if (typeof value !== 'function') throw new Error(`${name} is no longer defined where class-validator 0.15 had it`);
  return value;
}

/** What the loader relies on: the container, the Validator and the metadata storage files of 0.15. */
export function probeDeepMembers(): string[] {
  const changed: string[] = [];
  const expect = (ok: boolean, what: string) => ok || changed.push(what);
  const container = require('class-validator/cjs/container') as Partial<ClassValidator>;
  expect(typeof container.getFromContainer === 'function', 'cjs/container getFromContainer()');
  const { Validator } = require('class-validator/cjs/validation/Validator') as Partial<ClassValidator>;
  expect(typeof Validator === 'function', 'cjs/validation/Validator Validator');
  const storage = require('class-validator/cjs/metadata/MetadataStorage') as Partial<ClassValidator>;
  expect(typeof storage.getMetadataStorage === 'function', 'cjs/metadata/MetadataStorage getMetadataStorage()');
  return changed;
}
