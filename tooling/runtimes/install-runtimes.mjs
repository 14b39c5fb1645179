// Bun, Deno and wrangler (with its workerd) from npm, pinned, installed once per set of versions into the
// system temp folder, as the release check does with Verdaccio: the repository's own install stays light.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readJson, step } from '../check-packages/support.mjs';

export const RUNTIME_VERSIONS = { bun: '1.4.5', deno: '2.9.6', wrangler: '4.86.0' };

/** Installs the pinned runtimes (unless already there) and returns the path of each one's command. */
export function installRuntimes() {
  const tag = Object.entries(RUNTIME_VERSIONS)
    .map(([name, version]) => `${name}${version}`)
    .join('-');
  const prefix = path.join(tmpdir(), `tessera-runtimes-${tag}`);
  const bin = (name) => path.join(prefix, 'node_modules', '.bin', name);
  const installed = Object.entries(RUNTIME_VERSIONS).every(
    ([name, version]) => readJson(path.join(prefix, 'node_modules', name, 'package.json'))?.version === version,
  );
  if (!installed) {
    step(
      `install ${Object.entries(RUNTIME_VERSIONS)
        .map(([n, v]) => `${n}@${v}`)
        .join(' ')} into ${prefix}`,
    );
    mkdirSync(prefix, { recursive: true });
    const specs = Object.entries(RUNTIME_VERSIONS).map(([name, version]) => `${name}@${version}`);
    const result = spawnSync(
      'npm',
      ['install', '--prefix', prefix, ...specs, '--no-audit', '--no-fund', '--loglevel=error'],
      { stdio: 'inherit', timeout: 300_000 },
    );
    if (result.status !== 0) throw new Error(`installing ${specs.join(' ')} failed`);
  }
  const commands = { bun: bin('bun'), deno: bin('deno'), wrangler: bin('wrangler') };
  for (const [name, command] of Object.entries(commands))
    if (!existsSync(command)) throw new Error(`${name} is not at ${command} after its install`);
  return commands;
}
