// `npm run dev` in the scaffolded project as installed from the registry (its own TypeScript, the scaffold's
// pin, and @tessera packages as real folders, not workspace links): it serves, an edit saved in place is
// answered by the next calls, and Ctrl+C stops it with every process it started.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { step } from '../../tooling/check-packages/support.mjs';

const FIRST_SERVE_MS = 120_000;
const EDIT_ANSWERED_MS = 60_000;
const GONE_MS = 20_000;

/** Every process under `root` (not `root` itself), from /proc. */
function descendants(root) {
  const children = new Map();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const found = [];
  const walk = (pid) => (children.get(pid) ?? []).forEach((child) => (found.push(child), walk(child)));
  walk(root);
  return found;
}

function running(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const pause = (ms) => new Promise((wake) => setTimeout(wake, ms));

/** `tessera call` from the project's own CLI; its output. */
function checkTitle(project, url) {
  const bin = path.join(project, 'node_modules/.bin/tessera');
  const result = spawnSync(bin, ['call', url, 'check_title', '{"title":"Printer on fire"}'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`;
}

export async function devLoopAnswersEdit(project, env) {
  const source = path.join(project, 'src/tickets.provider.ts');
  const original = readFileSync(source, 'utf8');
  const dev = spawn('npm', ['run', '--silent', 'dev', '--', '--port', '0'], {
    cwd: project,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  dev.stderr.on('data', (chunk) => (said += chunk));
  const exited = new Promise((resolve) => dev.once('exit', (code, signal) => resolve(code ?? signal)));
  let started = [];
  try {
    const url = await Promise.race([
      (async () => {
        const deadline = Date.now() + FIRST_SERVE_MS;
        for (;;) {
          const match = /tessera dev: serving \S+ \S+ on (http:\/\/\S+)/.exec(said);
          if (match) return match[1];
          if (Date.now() > deadline) throw new Error(`npm run dev did not serve within 120 s:\n${said}`);
          await pause(200);
        }
      })(),
      exited.then((code) => Promise.reject(new Error(`npm run dev exited (${code}) before serving:\n${said}`))),
    ]);
    step(`serving at ${url}; edit src/tickets.provider.ts in place`);
    started = descendants(dev.pid);
    const before = checkTitle(project, url);
    if (!before.includes('is a good title')) throw new Error(`the first call did not answer: ${before}`);
    writeFileSync(source, original.replace('is a good title', 'is a fine title'));
    const edited = Date.now();
    for (let last = ''; !last.includes('is a fine title'); last = checkTitle(project, url)) {
      if (Date.now() - edited > EDIT_ANSWERED_MS)
        throw new Error(`no call answered with the edit within 60 s; the last: ${last}\n${said}`);
      await pause(500);
    }
    step(`the edit answered after ${((Date.now() - edited) / 1000).toFixed(1)} s; Ctrl+C`);
    process.kill(-dev.pid, 'SIGINT');
    const limit = new Promise((resolve) => setTimeout(resolve, 30_000, 'no exit within 30 s').unref());
    const code = await Promise.race([exited, limit]);
    // npm ends as the signal did once its script has (a shell sees 130); tessera dev's own 0 is the unit test's
    if (![0, 130, 'SIGINT'].includes(code))
      throw new Error(`npm run dev ended with ${code} after Ctrl+C (expected a clean stop):\n${said}`);
    const deadline = Date.now() + GONE_MS;
    for (let left = started.filter(running); left.length > 0; left = started.filter(running)) {
      if (Date.now() > deadline) throw new Error(`left running after Ctrl+C: pids ${left.join(', ')}`);
      await pause(200);
    }
  } finally {
    writeFileSync(source, original);
    for (const target of [-dev.pid, ...started]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
}
