import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// render-charts.mjs is an ES module (Vega ships ES modules only), run as the docs build runs it: node, a file, a folder.
const SCRIPT = path.resolve(__dirname, '../src/render-charts.mjs');
const FIXTURE = path.join(__dirname, 'fixtures', 'results.json');

let out: string;
beforeEach(() => {
  out = mkdtempSync(path.join(tmpdir(), 'bench-charts-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

const render = (results: string) =>
  spawnSync(process.execPath, [SCRIPT, results, out], { encoding: 'utf8', timeout: 60_000 });

describe('render-charts.mjs', () => {
  it('draws one SVG per section, titled, with every series, the metric and the run it came from', () => {
    const run = render(FIXTURE);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['http-flows.svg', 'tools-call.svg']);
    const svg = readFileSync(path.join(out, 'tools-call.svg'), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    for (const text of [
      'tools/call in process (fetch face, no sockets)',
      'raw SDK low-level Server',
      'Tessera createApp + @Tool/@Args DTO',
      'CPU µs per call',
      'lower is better',
      'commit fixture, 2026-12-03 12:52 UTC',
    ])
      expect(svg).toContain(text.replace(/&/g, '&amp;'));
    // one bar per row, and one range rule per row
    expect(svg.match(/aria-roledescription="bar"/g)).toHaveLength(4);
    expect(svg.match(/aria-roledescription="rule mark"/g)).toHaveLength(4);
    expect(readFileSync(path.join(out, 'http-flows.svg'), 'utf8')).toContain('smoke run: not for quoting');
  });

  it('refuses a malformed file naming the section, row and field', () => {
    const bad = path.join(out, 'bad.json');
    const results = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    results.sections['tools-call'].rows[1].value = 'fast';
    writeFileSync(bad, JSON.stringify(results));
    const run = render(bad);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${bad}: section "tools-call", row 1: value must be a number`);
    expect(readdirSync(out)).toEqual(['bad.json']);
  });

  it('says where a missing results file comes from', () => {
    const run = render(path.join(out, 'latest.json'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('latest.json: no results file; npm run bench writes it');
  });
});
