// The scaffolded project's servers, started as a user starts them: `npm run start:http` in its own process
// group (always stopped), and the built HTTP entry stopped by SIGTERM, which must drain and exit 0.
import { spawn } from 'node:child_process';
import { step } from '../../tooling/check-packages/support.mjs';

/** Starts `npm run start:http` on a free port in its own process group, waits for its URL, and always stops the group. */
export async function withHttpServer(project, use, env = process.env) {
  const server = spawn('npm', ['run', '--silent', 'start:http'], {
    cwd: project,
    env: { ...env, PORT: '0' },
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
    await use(url);
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
export async function stopsOnSigterm(project) {
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
