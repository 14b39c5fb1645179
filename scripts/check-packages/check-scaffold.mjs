// `npm run check:scaffold`: `npm create tessera` as a user runs it, from the packed tarballs: the create-tessera
// tarball scaffolds a project in a temp folder outside the repository, which installs the other tarballs (the
// registry gives the rest), passes its own `npm test`, and serves through its stdio and HTTP start scripts.
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertSingleCopies, buildAndPack, freshTempDir, peerRanges, removeDir, run, step } from './support.mjs';

const NAME = 'my-server';
const work = freshTempDir('tessera-scaffold-');
try {
  const tarballs = buildAndPack(path.join(work, 'tarballs'));
  step(`npm exec create-tessera (the create-tessera tarball) ${NAME}`);
  run('npm', ['exec', '--yes', `--package=${tarballs['create-tessera']}`, '--', 'create-tessera', NAME], {
    cwd: work,
    timeoutMs: 120_000,
  });
  const project = path.join(work, NAME);

  // The scaffold depends on registry versions of @tessera/*; this check points them at the tarballs instead.
  const manifestPath = path.join(project, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const local = Object.fromEntries(
    Object.entries(tarballs)
      .filter(([name]) => name.startsWith('@tessera/'))
      .map(([name, file]) => [name, `file:${file}`]),
  );
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {}))
      if (local[name] !== undefined) manifest[field][name] = local[name];
  }
  manifest.overrides = local;
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  step(`npm install in ${project}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });
  assertSingleCopies(project, [...Object.keys(peerRanges()), '@tessera/core']);

  step("npm test (the scaffold's own flow tests)");
  run('npm', ['test'], { cwd: project, timeoutMs: 180_000 });

  copyFileSync(path.join(import.meta.dirname, 'scaffold-client.mjs'), path.join(project, 'scaffold-client.mjs'));
  step('npm start (stdio) answers a client');
  run(process.execPath, ['scaffold-client.mjs', 'stdio'], { cwd: project, timeoutMs: 90_000 });

  step('npm run start:http serves Streamable HTTP');
  await withHttpServer(project, (url) =>
    run(process.execPath, ['scaffold-client.mjs', 'http', url], { cwd: project, timeoutMs: 60_000 }),
  );
  step('SIGTERM: node dist/src/http.js drains and exits 0 (stopOnSignals)');
  await stopsOnSigterm(project);
  console.log('check:scaffold ok');
} finally {
  removeDir(work);
}

/** Starts `npm run start:http` on a free port in its own process group, waits for its URL, and always stops the group. */
async function withHttpServer(project, use) {
  const server = spawn('npm', ['run', '--silent', 'start:http'], {
    cwd: project,
    env: { ...process.env, PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`start:http printed no URL within 90 s; output: ${output}`)),
        90_000,
      );
      server.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      server.on('exit', (code) => reject(new Error(`start:http exited (${code}) before serving; output: ${output}`)));
    });
    step(`serving at ${url}`);
    use(url);
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/**
 * Starts the built HTTP entry directly (npm would pass the signal on a second time), waits until it serves, sends
 * SIGTERM and expects the graceful stop: the 'stopping' log line naming the signal, then exit code 0.
 */
async function stopsOnSigterm(project) {
  const server = spawn(process.execPath, ['dist/src/http.js'], {
    cwd: project,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  server.stdout.on('data', (chunk) => (stdout += chunk));
  server.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));
  const limit = (what, ms) =>
    new Promise((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} within ${ms / 1000} s; stdout: ${stdout} stderr: ${stderr}`)),
        ms,
      ).unref(),
    );
  try {
    await Promise.race([
      new Promise((resolve) => server.stdout.on('data', () => /listening on http/.test(stdout) && resolve())),
      exited.then((code) =>
        Promise.reject(new Error(`dist/src/http.js exited (${code}) before serving; stderr: ${stderr}`)),
      ),
      limit('dist/src/http.js printed no URL', 60_000),
    ]);
    server.kill('SIGTERM');
    const code = await Promise.race([exited, limit('dist/src/http.js did not exit after SIGTERM', 30_000)]);
    if (code !== 0)
      throw new Error(`dist/src/http.js exited with ${code} after SIGTERM (expected 0); stderr: ${stderr}`);
    if (!/"message":"stopping".*"signal":"SIGTERM"/.test(stderr))
      throw new Error(
        `no 'stopping' log line naming SIGTERM: the template does not stop through stopOnSignals; stderr: ${stderr}`,
      );
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
}
