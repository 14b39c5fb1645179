/* eslint-disable @typescript-eslint/no-require-imports -- the one place core loads a module on first use */
import type { OptionalFeature, OptionalFeatureModules } from './optional-features';

type Loaders = { readonly [F in OptionalFeature]: () => OptionalFeatureModules[F] };

/**
 * One literal `require` per optional feature (the module optional-features.ts names; a test holds the two to
 * the same module): a bundler (esbuild under wrangler, Bun's, webpack) follows a literal path and bundles the
 * module, where a computed one fails at run time ("Dynamic require ... is not supported").
 */
const LOADERS: Loaders = {
  auth: () => require('../auth/auth-feature'),
  jose: () => require('jose'),
  tasks: () => require('../tasks/tasks-feature'),
  telemetry: () => require('../telemetry/telemetry-feature'),
  openTelemetry: () => require('@opentelemetry/api'),
  questions: () => require('../mrtr/questions-feature'),
  legacySessions: () => require('../endpoint/legacy-sessions'),
  rawInputSchemas: () => require('../schema/raw-input-schema'),
  largeBodyScan: () => require('../limits/refuse-by-scan'),
  skills: () => require('@modelcontextprotocol/server/ext/skills'),
  skillFolders: () => require('@modelcontextprotocol/server/ext/skills/node'),
  sdkNodeAdapter: () => require('@modelcontextprotocol/node'),
  stdio: () => require('@modelcontextprotocol/server/stdio'),
  idleGc: () => require('../node/v8-gc'),
  classValidator: () => require('class-validator'),
  classTransformer: () => require('class-transformer'),
  extApps: () => require('@modelcontextprotocol/ext-apps/server'),
  fileReads: () => require('node:fs/promises'),
};

const loaded: Partial<OptionalFeatureModules> = {};

/**
 * The module of an optional feature (optional-features.ts), loaded on its first use and kept. The one place core
 * loads a module at run time: built as CommonJS it requires it (Node's module cache makes it the same module as
 * any other import of it; Node 20.19 and later require ES modules such as jose too); an ES-module build would
 * put `createRequire(import.meta.url)` here, and nothing else would change.
 */
export function loadFeature<F extends OptionalFeature>(feature: F): OptionalFeatureModules[F] {
  return (loaded[feature] ??= (LOADERS[feature] as () => OptionalFeatureModules[F])());
}
