import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Tests synchronise on events, not sleeps (issue #40): a test waits for a promise its fixture resolves, runs on
 * the FakeClock or an injected timer, or polls a condition with a bound; it does not wait a fixed time and hope
 * the thing happened. A sleep here is a promise a timer resolves and nothing else (`new Promise((r) =>
 * setTimeout(r, ms))`), inline or through a helper defined that way (`const sleep = ...`; each call counts); one
 * in a loop that polls a condition (a `while`, a `for` whose condition is more than a count or whose body
 * returns or breaks out; on its line or in its body) is a bounded poll, not counted. The files that still
 * sleep are listed below with their count; the test fails when a file sleeps more, and when one sleeps less than
 * listed too, so the list only shrinks. A sleep that models a real outside delay (a lease lapsing on Redis's
 * clock, a cache's real max age) stays, listed.
 */

const ROOT = path.resolve(__dirname, '../../..');

/** Sleeps left in tests, by file: lower a count when you take one out, never raise it. */
const KNOWN_SLEEPS: Record<string, number> = {
  // stays: the generated tool that takes its time, so a rebuild's drain meets a call in flight
  'packages/cli/test/pty/dev.pty.ts': 1,
  // stays: idle past a Keep-Alive hint, compared with Node's own fetch, whose timers no fake clock reaches
  'packages/client/test/contracts/node-http/node-http-fetch.test.ts': 1,
  // stays: waiting past a real socket's first-connect bound is what is tested
  'packages/redis/test/connect-redis.test.ts': 1,
  // stays: a lease lapsing on Redis's clock
  'packages/redis/test/redis-leg-store.test.ts': 1,
  // stay: a step taking its time so another instance's try meets it; a handed-over step's window on BullMQ's timers
  'packages/redis/test/redis-task-queue.test.ts': 2,
  // stay: a body outlasting BullMQ's lock, then nothing run again within lock + stalled interval
  'packages/redis/test/redis-task-stop.test.ts': 2,
  // stays: Redis expiring a key on its own clock
  'packages/redis/test/redis-task-store.test.ts': 1,
  // stay: the client's backoff honoured against nginx on real time (2), a 100 ms look for a late log line, a
  // first-connect bound crossed for real
  'tooling/fleet/test/fleet.test.ts': 3,
};

const TIMER_RESOLVED = /new Promise\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\(\s*\1\s*,/;
const HELPER = /^\s*(?:export\s+)?const\s+(\w+)\s*=.*new Promise\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\(\s*\2\s*,/;
const LOOP = /\b(while|for)\s*\(/;
/** A `for` that polls: no fixed count (`for (;;)`), or a condition beside its counter (`i < 9 && !done()`). */
const POLLING_FOR = /for\s*\(\s*[^;]*;\s*(;|[^;]*(&&|!))/;

/** How many sleeps a test file holds (see above). */
export function sleepsIn(source: string): number {
  const lines = source.split('\n');
  const helpers = lines.map((line) => HELPER.exec(line)?.[1]).filter((name): name is string => !!name);
  const helperCall = helpers.length ? new RegExp(`\\b(?:${helpers.join('|')})\\(`) : undefined;
  let count = 0;
  lines.forEach((line, at) => {
    if (HELPER.test(line) || inLoop(lines, at)) return;
    if (TIMER_RESOLVED.test(line) || helperCall?.test(line)) count += 1;
  });
  return count;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Whether the line is in a polling loop: on the loop's line, or in the body of the block that encloses it. */
function inLoop(lines: string[], at: number): boolean {
  if (LOOP.test(lines[at]!)) return polls(lines[at]!, []);
  const indent = indentOf(lines[at]!);
  for (let i = at - 1; i >= 0 && i >= at - 8; i--) {
    if (lines[i]!.trim() === '' || indentOf(lines[i]!) >= indent) continue;
    return LOOP.test(lines[i]!) && polls(lines[i]!, lines.slice(i + 1, at));
  }
  return false;
}

function polls(header: string, body: string[]): boolean {
  return (
    /\bwhile\s*\(/.test(header) || POLLING_FOR.test(header) || body.some((line) => /\b(return|break)\b/.test(line))
  );
}

function testFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && full !== __filename) files.push(full);
    }
  };
  for (const top of ['packages', 'apps', 'tooling'])
    for (const name of readdirSync(path.join(ROOT, top))) {
      const tests = path.join(ROOT, top, name, 'test');
      if (existsSync(tests)) walk(tests);
    }
  return files;
}

it('counts a timer-resolved promise, inline or through a helper, and not a bounded poll', () => {
  const source = [
    'const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));',
    'await sleep(100);',
    'await new Promise((r) => setTimeout(r, 20));',
    'while (!done()) await sleep(10);',
    'for (let i = 0; i < 9 && !done(); i++) await new Promise((r) => setTimeout(r, 5));',
    'for (let i = 0; i < 9; i++) {',
    '  if (await done()) return;',
    '  await sleep(5);',
    '}',
    'for (let step = 1; step <= 3; step++) {',
    '  await sleep(5);',
    '}',
    'if (slow) {',
    '  await sleep(5);',
    '}',
    "const hung = new Promise((r) => (timer = setTimeout(() => r('HUNG'), ms)));",
    'setTimeout(() => controller.abort(), 10);',
    'await abortableSleep(100, signal);',
  ].join('\n');
  expect(sleepsIn(source)).toBe(4);
});

it('no test sleeps more than the known list says, and the list only shrinks', () => {
  const counted: Record<string, number> = {};
  for (const file of testFiles()) {
    const sleeps = sleepsIn(readFileSync(file, 'utf8'));
    if (sleeps > 0) counted[path.relative(ROOT, file).split(path.sep).join('/')] = sleeps;
  }
  expect(counted).toEqual(KNOWN_SLEEPS);
});
