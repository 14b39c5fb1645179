// Publishes the workspace's packages as a release does (`changeset publish`), to the given registry: the
// manifests checked first, each tarball checked for what it must and must not hold, then every package whose
// version the registry does not have yet published, and each one read back from the registry.
import path from 'node:path';
import { buildAndPack, publishablePackages, ROOT, run, step } from '../../tooling/check-packages/support.mjs';
import { manifestProblems } from './manifest-problems.mjs';

export function publishWorkspace(registry, packDir) {
  const problems = manifestProblems();
  if (problems.length > 0) throw new Error(`the release is not ready:\n  ${problems.join('\n  ')}`);
  step('every published package.json is complete; Changesets covers every workspace');
  buildAndPack(packDir); // builds, and checks what each tarball holds
  step(`changeset publish --no-git-tag to ${registry.url}`);
  run(path.join(ROOT, 'node_modules', '.bin', 'changeset'), ['publish', '--no-git-tag'], {
    cwd: ROOT,
    env: { ...process.env, npm_config_registry: registry.url, npm_config_userconfig: registry.userconfig },
    timeoutMs: 300_000,
  });
  for (const { manifest } of publishablePackages()) {
    const out = run('npm', ['view', `${manifest.name}@${manifest.version}`, 'version', '--json'], {
      cwd: ROOT,
      env: { ...process.env, npm_config_registry: registry.url, npm_config_userconfig: registry.userconfig },
      capture: true,
    });
    if (JSON.parse(out) !== manifest.version)
      throw new Error(`${manifest.name}@${manifest.version} is not on ${registry.url} after publishing: ${out}`);
  }
  step(`published ${publishablePackages().length} packages`);
}
