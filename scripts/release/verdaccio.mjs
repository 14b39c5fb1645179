// A real npm registry (Verdaccio) on a free loopback port, with a throwaway storage, config and user: the
// Tessera packages are served only from it (never proxied, so a public package of the same name cannot
// slip in), everything else is proxied from the registry npm is configured with. Stopped by `stop()`, and
// on this process's exit or a signal whatever happens.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readJson, step } from '../../tooling/check-packages/support.mjs';

/** Pinned: the newest Verdaccio that runs on Node 20 (6.9 and later need Node 22). */
export const VERDACCIO_VERSION = '6.8.0';

/** Installs Verdaccio (once per version, in the system temp folder) and returns its command-line script. */
export function installVerdaccio() {
  const prefix = path.join(tmpdir(), `tessera-verdaccio-${VERDACCIO_VERSION}`);
  const bin = path.join(prefix, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  if (readJson(path.join(prefix, 'node_modules', 'verdaccio', 'package.json'))?.version === VERDACCIO_VERSION)
    return bin;
  step(`install verdaccio@${VERDACCIO_VERSION} into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  const installed = spawnSync(
    'npm',
    ['install', '--prefix', prefix, `verdaccio@${VERDACCIO_VERSION}`, '--no-audit', '--no-fund', '--loglevel=error'],
    { stdio: 'inherit', timeout: 300_000, env: withoutRegistryOverride() },
  );
  if (installed.status !== 0 || !existsSync(bin)) throw new Error(`installing verdaccio@${VERDACCIO_VERSION} failed`);
  return bin;
}

/**
 * Starts Verdaccio in `work` (its storage, config and password file live there) on a free 127.0.0.1 port,
 * registers a throwaway publisher, and returns the registry URL, an npm user config that publishes to it,
 * and `stop()`.
 */
export async function startVerdaccio(work, { port } = {}) {
  const bin = installVerdaccio();
  mkdirSync(work, { recursive: true });
  const listenPort = await freePort(port ?? 0);
  const url = `http://127.0.0.1:${listenPort}/`;
  const config = path.join(work, 'config.yaml');
  writeFileSync(config, verdaccioConfig(work, upstreamRegistry()));
  step(`start verdaccio at ${url} (storage ${path.join(work, 'storage')})`);
  const server = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${listenPort}`], {
    cwd: work,
    detached: true, // its own process group, so stop() ends whatever it started
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  server.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));

  let stopped = false;
  const killGroup = (signal) => {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // already gone
    }
  };
  const onExit = () => killGroup('SIGKILL');
  const onSignal = (signal) => {
    killGroup('SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (server.exitCode !== null || server.signalCode !== null) return;
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    step('verdaccio stopped');
  };

  try {
    await waitForPing(url, exited, () => output);
    const userconfig = path.join(work, 'publisher.npmrc');
    const token = await addPublisher(url);
    writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${listenPort}/:_authToken=${token}\n`);
    return { url, userconfig, stop, output: () => output };
  } catch (error) {
    await stop();
    throw error;
  }
}

function verdaccioConfig(work, upstream) {
  const local = { access: '$all', publish: '$authenticated', unpublish: '$authenticated' };
  const proxied = { ...local, proxy: 'upstream' };
  const entry = (pattern, rule) =>
    `  '${pattern}':\n${Object.entries(rule)
      .map(([k, v]) => `    ${k}: ${v.startsWith('$') ? `'${v}'` : v}`)
      .join('\n')}`;
  return [
    `storage: ${JSON.stringify(path.join(work, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(path.join(work, 'htpasswd'))}`,
    '    max_users: 10',
    'uplinks:',
    '  upstream:',
    `    url: ${JSON.stringify(upstream)}`,
    '    timeout: 60s',
    '    max_fails: 5',
    'packages:',
    entry('@tessera/*', local),
    entry('create-tessera', local),
    entry('@*/*', proxied),
    entry('**', proxied),
    'max_body_size: 50mb',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

/** The registry npm would use here without us (the machine's own configuration), which Verdaccio proxies. */
function upstreamRegistry() {
  const result = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', env: withoutRegistryOverride() });
  const registry = result.stdout?.trim();
  return registry && /^https?:\/\//.test(registry) ? registry : 'https://registry.npmjs.org/';
}

function withoutRegistryOverride() {
  const env = { ...process.env };
  delete env.npm_config_registry;
  delete env.npm_config_userconfig;
  return env;
}

async function waitForPing(url, exited, output) {
  const deadline = Date.now() + 60_000;
  let gone;
  void exited.then((code) => (gone = code));
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`verdaccio exited (${gone}) before serving:\n${output()}`);
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`verdaccio did not answer ${url}-/ping within 60 s:\n${output()}`);
}

/** Registers a throwaway user (the password file is in the throwaway folder) and returns its token. */
async function addPublisher(url) {
  const name = 'tessera-release-check';
  const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `pw-${process.pid}-${Date.now()}`, type: 'user', roles: [] }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || typeof body.token !== 'string')
    throw new Error(`verdaccio refused the publisher account: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** A free port: any (0), or the one asked for, refused when in use (its ping would answer for another server). */
function freePort(wanted) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(new Error(`port ${wanted} on 127.0.0.1 is in use (${error.code}); choose another (REGISTRY_PORT)`)),
    );
    probe.listen(wanted, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
