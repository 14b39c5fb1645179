import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppSurface } from '@tessera/core/advanced';
import { CliError } from '../errors/cli-error';

/** Where `tessera inspect` looks when no entry is given, relative to the working directory (a scaffolded project's build first). */
export const DEFAULT_ENTRIES = ['dist/src/app.module.js', 'dist/app.module.js'] as const;

/** The export names tried, in order, before looking for the one export that is a module or an app. */
export const TRIED_EXPORTS = ['default', 'app', 'appModule', 'module'] as const;

/** What `describeApp` and `createApp` look like in the entry's own copy of `@tessera/core`. */
interface CoreFaces {
  createApp: (module: object) => object & { close(): Promise<void> };
  describeApp: (app: object) => AppSurface;
}

const isApp = (value: unknown): value is object & { close(): Promise<void> } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { describePipeline?: unknown }).describePipeline === 'function' &&
  typeof (value as { fetch?: unknown }).fetch === 'function';

const isModule = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  Array.isArray((value as { providers?: unknown }).providers);

/** The entry's absolute path: the one given, or the first default that exists. */
export function entryPath(given: string | undefined, cwd: string, command = 'inspect'): string {
  if (given !== undefined) {
    const path = resolve(cwd, given);
    if (!/\.[cm]?js$/.test(path))
      throw new CliError(
        `${command}: ${path} is not a compiled JavaScript file (.js, .cjs, .mjs); build the project and give its output`,
        2,
      );
    if (!existsSync(path)) throw new CliError(`${command}: ${path} does not exist (build the project first?)`, 2);
    return path;
  }
  const found = DEFAULT_ENTRIES.map((entry) => resolve(cwd, entry)).find((path) => existsSync(path));
  if (found === undefined)
    throw new CliError(
      `${command}: no entry given and none of ${DEFAULT_ENTRIES.join(', ')} exists in ${cwd}; ` +
        `give the compiled file that exports the app module (tessera ${command} dist/app.module.js)`,
      2,
    );
  return found;
}

/** The app module or app the entry exports: `exportName` when given, else the first of TRIED_EXPORTS, else the only one. */
export function pickExport(
  found: Record<string, unknown>,
  path: string,
  exportName?: string,
  command = 'inspect',
): unknown {
  const fits = (value: unknown): boolean => isApp(value) || isModule(value);
  if (exportName !== undefined) {
    if (fits(found[exportName])) return found[exportName];
    throw new CliError(
      `${command}: ${path} has no export "${exportName}" that is an app module ({ name, providers }) or an app (createApp's result)`,
      2,
    );
  }
  for (const name of TRIED_EXPORTS) if (fits(found[name])) return found[name];
  const candidates = Object.entries(found).filter(([, value]) => fits(value));
  if (candidates.length === 1) return candidates[0]![1];
  const why =
    candidates.length === 0
      ? 'exports neither'
      : `exports several (${candidates.map(([name]) => name).join(', ')}): choose one with --export <name>`;
  throw new CliError(
    `${command}: ${path} ${why}: expected an app module ({ name, providers }) or an app (createApp's result) ` +
      `as ${TRIED_EXPORTS.map((n) => (n === 'default' ? 'export default' : n)).join(', ')} or as its only such export`,
    2,
  );
}

/** `@tessera/core/advanced` as the entry's project resolves it: the copy whose decorators the module was built with. */
function coreOf(path: string, command: string): CoreFaces {
  const requireHere = createRequire(path);
  let core: Partial<CoreFaces>;
  try {
    core = requireHere('@tessera/core/advanced') as Partial<CoreFaces>;
    core.createApp ??= (requireHere('@tessera/core') as Partial<CoreFaces>).createApp;
  } catch (error) {
    throw new CliError(
      `${command}: @tessera/core cannot be loaded from ${path} (${(error as Error).message.split('\n')[0]}); install it in the app's project`,
      2,
    );
  }
  if (typeof core.describeApp !== 'function' || typeof core.createApp !== 'function')
    throw new CliError(`${command}: the @tessera/core that ${path} uses is too old (no describeApp)`, 2);
  return core as CoreFaces;
}

/** A CommonJS file compiled from ES exports comes in as `{ default: module.exports }`: its own names are wanted. */
function exportsOf(namespace: Record<string, unknown>): Record<string, unknown> {
  const cjs = namespace.default as { __esModule?: unknown } | undefined;
  return typeof cjs === 'object' && cjs !== null && cjs.__esModule === true
    ? (cjs as Record<string, unknown>)
    : namespace;
}

/** An app loaded from an entry, with the `describeApp` of the core that built it. */
export interface LoadedApp {
  app: object & { close(): Promise<void> };
  describe(): AppSurface;
}

/**
 * Loads the entry (running its top-level code) and builds the app when it exports a module. Exit code 1 when
 * the entry throws or createApp refuses the module; 2 when it exports neither or @tessera/core is missing.
 */
export async function loadApp(path: string, exportName?: string, command = 'inspect'): Promise<LoadedApp> {
  let loaded: Record<string, unknown>;
  try {
    loaded = exportsOf((await import(pathToFileURL(path).href)) as Record<string, unknown>);
  } catch (error) {
    throw new CliError(`${command}: loading ${path} failed: ${(error as Error).message}`, 1);
  }
  const found = pickExport(loaded, path, exportName, command);
  const core = coreOf(path, command);
  if (isApp(found)) return { app: found, describe: () => core.describeApp(found) };
  let app: ReturnType<CoreFaces['createApp']>;
  try {
    app = core.createApp(found as object);
  } catch (error) {
    throw new CliError(`${command}: createApp refused the module from ${path}:\n  ${(error as Error).message}`, 1);
  }
  return { app, describe: () => core.describeApp(app) };
}

/** Loads the entry, builds the app when it exports a module, and describes it. */
export async function inspectEntry(path: string, exportName?: string): Promise<AppSurface> {
  const { app, describe } = await loadApp(path, exportName);
  try {
    return describe();
  } finally {
    await app.close();
  }
}
