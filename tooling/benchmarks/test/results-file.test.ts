import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_RESULTS_FILE, readResults, recordSections, resultsFile } from '../src/support/results-file';

let dir: string;
let log: jest.SpyInstance;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bench-results-'));
  log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  log.mockRestore();
  rmSync(dir, { recursive: true, force: true });
});

const section = (value: number) => ({
  title: 'tools/call in process',
  metric: 'CPU µs per call',
  better: 'lower' as const,
  rows: [{ series: 'Tessera', group: '10 tools', value, min: value - 1, max: value + 1 }],
});

describe('the bench results file', () => {
  it('lives in tooling/benchmarks/results/latest.json unless BENCH_RESULTS names another', () => {
    expect(path.relative(path.resolve(__dirname, '..'), DEFAULT_RESULTS_FILE)).toBe(
      path.join('results', 'latest.json'),
    );
    expect(resultsFile({})).toBe(DEFAULT_RESULTS_FILE);
    expect(resultsFile({ BENCH_RESULTS: 'out/r.json' })).toBe(path.resolve('out/r.json'));
  });

  it('keeps the sections of other scripts and replaces the ones measured again, each stamped with its run', () => {
    const file = path.join(dir, 'nested', 'latest.json');
    recordSections({ 'tools-call': section(268), 'mrtr-flow': section(898) }, file);
    recordSections({ 'tools-call': section(250) }, file);
    const results = readResults(file);
    expect(Object.keys(results.sections).sort()).toEqual(['mrtr-flow', 'tools-call']);
    expect(results.sections['tools-call']!.rows[0]!.value).toBe(250);
    expect(results.sections['mrtr-flow']!.rows[0]!.value).toBe(898);
    expect(results.sections['tools-call']!.run).toMatchObject({
      node: process.version,
      quick: false,
      commit: expect.stringMatching(/^([0-9a-f]{7,}|unknown)$/),
    });
    expect(Number.isNaN(Date.parse(results.sections['tools-call']!.run.measuredAt))).toBe(false);
  });

  it('refuses a row that is not a number, and a file of another shape, naming them', () => {
    const file = path.join(dir, 'latest.json');
    expect(() => recordSections({ 'tools-call': section(Number.NaN) }, file)).toThrow(
      'bench results, section tools-call: row "Tessera / 10 tools" has a value that is not a number',
    );
    writeFileSync(file, JSON.stringify({ rows: [] }));
    expect(() => recordSections({ 'tools-call': section(1) }, file)).toThrow(`${file}: not a bench results file`);
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify({ rows: [] }));
  });
});
