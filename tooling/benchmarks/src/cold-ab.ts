/**
 * Cold start, this checkout against another one, in one run: each round forks the raw SDK's server and each
 * build's Tessera server anew (the order rotated a step each round) and times each from the fork to its first
 * `tools/call` answered, with the server's own CPU to that answer (http-cold.part.ts). Prints medians over
 * rounds, each build ÷ the raw SDK per round, and the paired difference this − other per round.
 *   node tooling/benchmarks/dist/cold-ab.js <other checkout, built>   (BENCH_HTTP_ROUNDS, default 20; BENCH_HTTP_TOOLS)
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { coldStart, type ColdStart } from './http-cold.part';
import type { ServerKind } from './http-server';
import { fmtSpread, spread } from './support/http-config';
import { startServer } from './support/server-child';

type Start = typeof startServer;

function commitOf(root: string): string {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '(no git)';
  }
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('usage: node dist/cold-ab.js <other checkout, built>');
  const otherRoot = resolve(other);
  const thisRoot = resolve(__dirname, '..', '..', '..');
  // the other checkout's own server-child forks its own http-server.js, which loads that checkout's packages
  const otherChild = join(otherRoot, 'tooling', 'benchmarks', 'dist', 'support', 'server-child.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const otherStart = (require(otherChild) as { startServer: Start }).startServer;
  const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? 20);
  const tools = (process.env.BENCH_HTTP_TOOLS ?? '10,1000').split(',').map(Number);
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  const builds: Array<{ name: string; kind: ServerKind; start: Start }> = [
    { name: 'raw SDK', kind: 'raw', start: startServer },
    { name: `other: ${otherRoot} (${commitOf(otherRoot)})`, kind: 'tessera', start: otherStart },
    { name: `this: ${thisRoot} (${commitOf(thisRoot)})`, kind: 'tessera', start: startServer },
  ];
  const variants = tools.flatMap((n) => builds.map((b) => ({ ...b, tools: n, starts: [] as ColdStart[] })));
  const loadBefore = load();
  for (const v of variants) await coldStart(v.kind, v.tools, v.start); // page cache warm for everyone
  for (let round = 0; round < rounds; round++) {
    // rotated a step each round, so that every variant starts in every position as often
    const order = variants.map((_, i) => (i + round) % variants.length);
    for (const i of order)
      variants[i]!.starts.push(await coldStart(variants[i]!.kind, variants[i]!.tools, variants[i]!.start));
  }
  console.log(
    `\n## Cold start A/B: ${rounds} interleaved rounds, ${new Date().toISOString()}, load average ${loadBefore} before, ${load()} after\n`,
  );
  console.log(
    '| Build | Tools | to first answer, ms | ÷ raw SDK | server CPU, ms | ÷ raw SDK | CPU this − other, ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const v of variants) {
    const raw = variants.find((o) => o.kind === 'raw' && o.tools === v.tools)!;
    const mine = variants.find((o) => o.name.startsWith('this') && o.tools === v.tools)!;
    const theirs = variants.find((o) => o.name.startsWith('other') && o.tools === v.tools)!;
    const ratio = (pick: (s: ColdStart) => number) =>
      v === raw ? '-' : fmtSpread(spread(v.starts.map((s, r) => pick(s) / pick(raw.starts[r]!))), 2);
    const paired =
      v === mine ? fmtSpread(spread(mine.starts.map((s, r) => s.cpuMs - theirs.starts[r]!.cpuMs)), 1) : '-';
    console.log(
      `| ${v.name} | ${v.tools} | ${fmtSpread(spread(v.starts.map((s) => s.answeredMs)))} | ${ratio((s) => s.answeredMs)} | ` +
        `${fmtSpread(spread(v.starts.map((s) => s.cpuMs)))} | ${ratio((s) => s.cpuMs)} | ${paired} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
