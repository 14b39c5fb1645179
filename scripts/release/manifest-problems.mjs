// What a published package.json must say for a user's npm, editor and registry page to work, and what the
// Changesets configuration must cover; each problem names the package and the field.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { publishablePackages, readJson, ROOT } from '../../tooling/check-packages/support.mjs';

const REQUIRED = ['name', 'version', 'description', 'license', 'main', 'types', 'engines', 'files', 'exports'];

/** Problems of every published manifest and of `.changeset/config.json`; empty when all is well. */
export function manifestProblems() {
  const packages = publishablePackages();
  const versions = new Map(packages.map(({ manifest }) => [manifest.name, manifest.version]));
  const problems = packages.flatMap(({ dir, manifest }) => [
    ...problemsOf(manifest, versions),
    ...licenseProblems(dir, manifest),
  ]);
  return [...problems, ...changesetProblems(packages.map(({ manifest }) => manifest.name))];
}

function problemsOf(m, versions) {
  const problems = [];
  const say = (what) => problems.push(`${m.name}: ${what}`);
  for (const field of REQUIRED) if (m[field] === undefined || m[field] === '') say(`no "${field}"`);
  if (!Array.isArray(m.keywords) || m.keywords.length === 0) say('no "keywords"');
  if (typeof m.repository?.url !== 'string' || typeof m.repository?.directory !== 'string')
    say('"repository" needs "url" and "directory"');
  if (typeof m.engines?.node !== 'string') say('no "engines.node"');
  // Node assumes CommonJS without it; Deno reads a .js file outside its npm cache as an ES module unless told
  if (m.type !== 'commonjs') say('"type" is not "commonjs" (dist/ is CommonJS)');
  if (m.name.startsWith('@') && m.publishConfig?.access !== 'public')
    say('a scoped package needs "publishConfig": { "access": "public" }');
  for (const [entry, target] of Object.entries(m.exports ?? {})) {
    if (entry === './package.json') continue;
    if (typeof target !== 'object' || typeof target.types !== 'string' || typeof target.default !== 'string')
      say(`exports["${entry}"] needs "types" and "default"`);
  }
  for (const field of ['dependencies', 'peerDependencies']) {
    for (const [name, range] of Object.entries(m[field] ?? {})) {
      // released together: a range that misses the sibling's own version would install a mix
      if (versions.has(name) && range !== versions.get(name) && range !== `^${versions.get(name)}`)
        say(`${field}["${name}"] is "${range}", not this release's ${versions.get(name)}`);
      if (field === 'peerDependencies' && m.dependencies?.[name] !== undefined)
        say(`"${name}" is both a dependency and a peer dependency`);
    }
  }
  return problems;
}

// npm packs the LICENSE of the package's own folder only, so each carries the repository's text and name
function licenseProblems(dir, m) {
  const root = readJson(path.join(ROOT, 'package.json'));
  const problems = [];
  if (m.license !== root.license)
    problems.push(`${m.name}: "license" is "${m.license}", not the repository's ${root.license}`);
  const own = path.join(dir, 'LICENSE');
  if (!existsSync(own)) problems.push(`${m.name}: no LICENSE file next to its package.json`);
  else if (readFileSync(own, 'utf8') !== readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'))
    problems.push(`${m.name}: its LICENSE differs from the repository's`);
  return problems;
}

function changesetProblems(published) {
  const config = readJson(path.join(ROOT, '.changeset', 'config.json'));
  if (config === undefined) return ['.changeset/config.json is missing'];
  const problems = [];
  const fixed = new Set((config.fixed ?? []).flat());
  for (const name of published)
    if (!fixed.has(name)) problems.push(`.changeset/config.json: ${name} is not in the "fixed" group`);
  for (const name of fixed)
    if (!published.includes(name))
      problems.push(`.changeset/config.json: "fixed" names ${name}, not a published package`);
  const ignored = (config.ignore ?? []).map(
    (pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
  );
  for (const name of privateWorkspaces())
    if (!ignored.some((re) => re.test(name)))
      problems.push(`.changeset/config.json: the private workspace ${name} is not in "ignore"`);
  return problems;
}

function privateWorkspaces() {
  // the root's patterns are folders or "folder/*"
  const root = readJson(path.join(ROOT, 'package.json'));
  return root.workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((dir) => path.join(pattern.slice(0, -2), dir))
        : [pattern],
    )
    .map((dir) => path.join(ROOT, dir, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => readJson(file))
    .filter((m) => m.private === true)
    .map((m) => m.name);
}
