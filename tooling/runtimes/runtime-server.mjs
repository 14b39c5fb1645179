// One runtime serving the example app (apps/runtimes) on a free 127.0.0.1 port, in a process group of
// its own: `stop()` ends the group (wrangler and its workerd together), and so does this process's exit
// or a signal, whatever happens. `cpuMs()` reads the group's CPU time from /proc (Linux).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ROOT, step } from '../check-packages/support.mjs';

export const EXAMPLE = path.join(ROOT, 'apps', 'runtimes');
const READY_MS = 90_000;

/** The command line serving the example on each runtime (what its package.json scripts run). */
export function commandLines(commands, port, work) {
  return {
    node: [process.execPath, ['serve/node.mjs']],
    bun: [commands.bun, ['serve/bun.mjs']],
    deno: [commands.deno, ['run', '--allow-env', '--allow-net', '--allow-read', 'serve/deno.mjs']],
    workerd: [
      commands.wrangler,
      // the keys reach the worker as a binding; local state and wrangler's own files stay in `work`
      ['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', path.join(work, 'state')],
    ],
  };
}

/** Starts `runtime` serving the example with `keys`; resolves once it answers at its URL. */
export async function startRuntime(runtime, commands, keys, work) {
  const port = await freePort();
  const [command, args] = commandLines(commands, port, work)[runtime];
  const finalArgs = runtime === 'workerd' ? [...args, '--var', `TESSERA_KEYS:${keys.join(',')}`] : args;
  const child = spawn(command, finalArgs, {
    cwd: EXAMPLE,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      TESSERA_KEYS: keys.join(','),
      // wrangler: no prompts, no telemetry, its config and logs in the throwaway folder
      CI: 'true',
      WRANGLER_SEND_METRICS: 'false',
      XDG_CONFIG_HOME: path.join(work, 'config'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    },
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-6000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  let gone = false;
  void exited.then(() => (gone = true));
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (!gone) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    killGroup('SIGKILL'); // whatever the leader left behind (workerd under wrangler)
  };
  const url = `http://127.0.0.1:${port}/mcp`;
  const started = Date.now();
  while (!(await answers(url))) {
    if (gone || Date.now() - started > READY_MS) {
      await stop();
      throw new Error(`${runtime} did not serve ${url} (${gone ? 'it exited' : 'timed out'}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  step(`${runtime} serves ${url} (${Math.round((Date.now() - started) / 100) / 10} s to start)`);
  return { runtime, url, stop, cpuMs: () => groupCpuMs(child.pid), output: () => output, pid: child.pid };
}

async function answers(url) {
  try {
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return true; // any HTTP answer: the server is up (a GET on /mcp is answered 405 or a stream refusal)
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

/** User + system CPU of every live process in the group, in milliseconds, in all and by command name. */
function groupCpuMs(pgid) {
  let ticks = 0;
  const byCommand = {};
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // fields after the command name (which may hold spaces): state is field 3, pgrp 5, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    const own = Number(fields[11]) + Number(fields[12]);
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    byCommand[command] = (byCommand[command] ?? 0) + (own * 1000) / TICKS_PER_SECOND;
    ticks += own;
  }
  return { total: (ticks * 1000) / TICKS_PER_SECOND, byCommand };
}
