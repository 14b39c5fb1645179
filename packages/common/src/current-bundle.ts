/** What a package's one-file build (scripts/build/bundle-packages.mjs) exports besides its entries. */
export interface PackageBundle {
  /** The modification time (ms) of the package's tsc build info when the bundle was made. */
  readonly builtFrom: number;
}

type FileStat = { mtimeMs: number } | undefined;
type NodeProcess = {
  getBuiltinModule?: (id: 'node:fs') => { statSync(path: string, options: { throwIfNoEntry: false }): FileStat };
};

/**
 * A package's one-file build when it is current, else undefined: then its entries load tsc's files in dist/
 * instead. Undefined when it was not built (`load` finds no file), or when tsc rebuilt dist after it was made
 * (`tsc -b` alone, in the repository): the time of the build info (`buildInfo()`, its path) then differs from the
 * one the bundle recorded. A published package holds no build info, nor has a runtime without node:fs one to read
 * (where `buildInfo` is not called: on Workers a module has no `__dirname`): the bundle.
 */
export function currentBundle<T extends PackageBundle>(load: () => T, buildInfo: () => string): T | undefined {
  let bundle: T | undefined;
  try {
    bundle = load();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'MODULE_NOT_FOUND') throw error;
  }
  const fs = (globalThis as { process?: NodeProcess }).process?.getBuiltinModule?.('node:fs');
  const info = fs?.statSync(buildInfo(), { throwIfNoEntry: false });
  return info === undefined || info.mtimeMs === bundle?.builtFrom ? bundle : undefined;
}
