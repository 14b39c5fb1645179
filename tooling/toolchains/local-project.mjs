// A project outside the repository installed against this clone's packed tarballs, as `npm run use-local-build`
// leaves one: every @tessera/* dependency, and (through `overrides`) every Tessera package those depend on, is a
// tarball; the npm registry supplies the rest.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCaptured } from './run-captured.mjs';

/** Points `<project>/package.json` at the tarballs (name -> path) and runs `npm install` there. */
export async function installAgainstTarballs(project, tarballs, step, signal) {
  const manifestPath = path.join(project, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const local = Object.fromEntries(
    Object.entries(tarballs)
      .filter(([name]) => name !== 'create-tessera')
      .map(([name, file]) => [name, `file:${file}`]),
  );
  for (const field of ['dependencies', 'devDependencies'])
    for (const name of Object.keys(manifest[field] ?? {}))
      if (local[name] !== undefined) manifest[field][name] = local[name];
  manifest.overrides = { ...manifest.overrides, ...local };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  step(`npm install in ${project} (Tessera packages from this clone's tarballs)`);
  await runCaptured('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, signal });
}
