/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and sums self time per function and per group: where a
 * request's CPU goes, by who spends it. Groups are decided by the function's script URL (and a few
 * native names), first match wins.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Entry {
  name: string;
  group: string;
  us: number;
}

const GROUPS: Array<[string, (url: string, fn: string) => boolean]> = [
  ['idle', (_u, fn) => fn === '(idle)'],
  ['GC', (_u, fn) => fn === '(garbage collector)'],
  ['crypto', (u) => /node:internal\/crypto|node:crypto|request-state\/dist|@noble/.test(u)],
  ['validation', (u) => /\/zod\/|class-validator|class-transformer|\/ajv/.test(u)],
  [
    'HTTP: web Request/Response',
    (u) =>
      /undici|@hono\/node-server|@modelcontextprotocol\/node|node:internal\/webstreams|node:internal\/(url|blob)/.test(
        u,
      ),
  ],
  [
    'HTTP: node',
    (u, fn) =>
      (u === '' && /^(writev|writeUtf8String|writeBuffer|writeLatin1String|shutdown|readStop|readStart)$/.test(fn)) ||
      /node:_http|node:http|node:net|node:internal\/deps\/llhttp|node:internal\/(streams|http|stream_base|js_stream)|node:stream|node:events|node:buffer/.test(
        u,
      ),
  ],
  ['SDK', (u) => /@modelcontextprotocol\/(server|core|client)/.test(u)],
  ['Tessera pipeline', (u) => /packages\/core\/dist|tsyringe|reflect-metadata/.test(u)],
  ['Tessera client', (u) => /packages\/client\/dist/.test(u)],
  ['Nest / Express', (u) => /@nestjs|@rekog|express|body-parser|router|rxjs/.test(u)],
  ['JSON', (_u, fn) => fn === 'parse' || fn === 'stringify'],
  ['node runtime (other)', (u) => u.startsWith('node:') || u === ''],
];

export function groupOf(url: string, functionName: string): string {
  for (const [name, test] of GROUPS) if (test(url, functionName)) return name;
  return 'other';
}

/** Self time per function (µs), with its group, largest first; `idle` left out. */
export function selfTimes(profile: CpuProfile): Entry[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, Entry>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const group = groupOf(frame.url, frame.functionName);
    if (group === 'idle') return;
    const file = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(packages|apps|tooling)\//, '$1/');
    const name = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    const entry = totals.get(name) ?? { name, group, us: 0 };
    entry.us += profile.timeDeltas[i] ?? 0;
    totals.set(name, entry);
  });
  return [...totals.values()].sort((a, b) => b.us - a.us);
}

export function groupTotals(entries: Entry[]): Array<{ group: string; us: number }> {
  const sums = new Map<string, number>();
  for (const e of entries) sums.set(e.group, (sums.get(e.group) ?? 0) + e.us);
  return [...sums].map(([group, us]) => ({ group, us })).sort((a, b) => b.us - a.us);
}
