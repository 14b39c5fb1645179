/* eslint-disable @typescript-eslint/no-require-imports -- tsyringe's own files, typed by its root's declarations */
import 'reflect-metadata';
import type * as Tsyringe from 'tsyringe';

/**
 * What core uses of tsyringe at run time, each required from the file that defines it: tsyringe's root also
 * loads every decorator, factory and provider it exports (33 modules against 20 here, 3-4 ms of every server's
 * start). They are the files the root re-exports, so a user's `import { container } from 'tsyringe'` gets the
 * same global container and the same constructor metadata. The root's check for a reflect polyfill is
 * moot: the polyfill is imported here, as core's entries import it.
 */
const CJS = 'tsyringe/dist/cjs/';

export const injectable = (require(`${CJS}decorators/injectable`) as { default: typeof Tsyringe.injectable }).default;
export const globalContainer = (require(`${CJS}dependency-container`) as { instance: typeof Tsyringe.container })
  .instance;
export const instanceCachingFactory = (
  require(`${CJS}factories/instance-caching-factory`) as { default: typeof Tsyringe.instanceCachingFactory }
).default;
export const instancePerContainerCachingFactory = (
  require(`${CJS}factories/instance-per-container-caching-factory`) as {
    default: typeof Tsyringe.instancePerContainerCachingFactory;
  }
).default;
export const Lifecycle = (require(`${CJS}types/lifecycle`) as { default: typeof Tsyringe.Lifecycle }).default;
