// A command run in a process group of its own with its output held, so that several can run side by side without
// their lines mixing, and a leg that fails can stop what the others started (grandchildren included: the
// conformance script's server, jest's children).
import { spawn } from 'node:child_process';

/** Grace between SIGTERM and SIGKILL when a group is stopped. */
const KILL_AFTER_MS = 5_000;

const running = new Set();

/**
 * Runs `command` and resolves with its stdout (`withStderr`: its whole output, stdout and stderr as they came);
 * rejects with the command line, the reason and the whole output on a non-zero exit, a timeout or an abort of
 * `signal`.
 */
export function runCaptured(command, args, { cwd, env, timeoutMs = 300_000, signal, withStderr = false } = {}) {
  const commandLine = `${command} ${args.join(' ')} (in ${cwd ?? process.cwd()})`;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error(`${commandLine}: not started, ${signal.reason}`));
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let output = '';
    let reason;
    let settled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    const stop = (why) => {
      reason ??= why;
      stopGroup(child);
    };
    const timer = setTimeout(() => stop(`timed out after ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    const onAbort = () => stop(`stopped: ${signal.reason}`);
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (code, killedBy) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      running.delete(child);
      if (reason === undefined && code === 0) return resolve(withStderr ? output : stdout);
      const why = reason ?? (code !== null ? `exit ${code}` : `signal ${killedBy}`);
      reject(new Error(`${commandLine} failed: ${why}\n${output}`));
    };
    child.on('error', (error) => {
      reason ??= error.message;
      settle(null, undefined);
    });
    child.on('close', settle);
  });
}

/** Stops every group still running (a failed check, or Ctrl-C on the check itself). */
export function stopAll() {
  for (const child of running) stopGroup(child);
}

function stopGroup(child) {
  if (child.pid === undefined) return;
  signalGroup(child.pid, 'SIGTERM');
  setTimeout(() => signalGroup(child.pid, 'SIGKILL'), KILL_AFTER_MS).unref();
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group has already exited
  }
}
