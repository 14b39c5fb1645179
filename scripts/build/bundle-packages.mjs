// Part of `npm run build`, after `tsc -b`: each package below is bundled from tsc's CommonJS output into one file,
// dist/bundle/<package>.js, which all its entries share (entry/*.js load it when it is current, else tsc's files:
// entry/bundle.js). A server then loads core as one file instead of some 270: resolving, reading and compiling each
// file is most of what importing core costs at start-up. Every module keeps its own CommonJS wrapper, run on its
// first `require` as before: a feature loaded on first use (core's loading/load-feature.ts) still runs only when
// used, and every entry sees the same module instances. rolldown (the bundler under tsdown, which builds the SDK)
// leaves each module's code as tsc wrote it; esbuild renames a class that names itself in its body (`class _X`).
//   node scripts/build/bundle-packages.mjs [package folder ...]   (default: every package served through entry/)
import { build } from 'rolldown';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const servedThroughEntry = (target) => typeof target === 'object' && target.default?.startsWith('./entry/');
const manifestOf = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** The workspace's packages whose `exports` name entry/ files (the manifests say which: no list to keep). */
function bundledPackages() {
  return readdirSync(path.join(ROOT, 'packages'))
    .map((name) => path.join(ROOT, 'packages', name))
    .filter((dir) => Object.values(manifestOf(dir).exports ?? {}).some(servedThroughEntry));
}

/** The package's entries served through entry/<name>.js: the name, and tsc's file for it (found by its types). */
function bundledEntries(manifest) {
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (!servedThroughEntry(target)) continue;
    if (!target.types?.startsWith('./dist/') || !target.types.endsWith('.d.ts'))
      throw new Error(`${manifest.name}: export "${subpath}" has no types under dist/ to find tsc's file by`);
    entries.push({
      subpath,
      name: path.basename(target.default, '.js'),
      file: target.types.replace(/\.d\.ts$/, '.js'),
    });
  }
  if (entries.length === 0) throw new Error(`${manifest.name}: no export is served through entry/`);
  return entries;
}

async function bundlePackage(dir) {
  const manifest = manifestOf(dir);
  const entries = bundledEntries(manifest);
  const outDir = path.join(dir, 'dist', 'bundle');
  const outfile = path.join(outDir, `${path.basename(dir)}.js`);
  rmSync(outDir, { recursive: true, force: true });
  // entry/bundle.js compares it with the build info's time to tell a bundle older than tsc's files
  const builtFrom = statSync(path.join(dir, 'dist', '.tsbuildinfo')).mtimeMs;
  const entriesId = path.join(dir, 'entries.js');
  const contents = [
    `exports.builtFrom = ${builtFrom};`,
    ...entries.map((e) => `exports.${e.name} = () => require(${JSON.stringify(path.join(dir, e.file))});`),
  ].join('\n');
  await build({
    input: entriesId,
    platform: 'node',
    // every package, Tessera's others too, stays a package of its own (one instance of each module)
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
    plugins: [
      {
        name: 'entries',
        resolveId: (id) => (id === entriesId ? id : undefined),
        load: (id) => (id === entriesId ? contents : undefined),
      },
    ],
    logLevel: 'warn',
    output: { file: outfile, format: 'cjs', sourcemap: true },
  });
  return { name: manifest.name, entries, outfile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : bundledPackages();
  for (const folder of folders) {
    const { name, entries, outfile } = await bundlePackage(path.resolve(folder));
    // on stderr: `npm pack --json` runs this as prepack, and its stdout is the JSON
    console.error(`bundled ${name} (${entries.map((e) => e.subpath).join(', ')}): ${outfile}`);
  }
}
