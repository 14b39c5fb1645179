import { readFileSync } from 'node:fs';
import path from 'node:path';

// The Benchmarks page draws its charts from the committed results file: it must come from a full run, and the page
// must show every section the file holds (and nothing the file lacks).
const ROOT = path.resolve(__dirname, '../../..');
const RESULTS = path.join(ROOT, 'tooling/benchmarks/results/latest.json');
const PAGE = path.join(ROOT, 'docs/benchmarks.md');

interface Section {
  rows: unknown[];
  run: { commit: string; quick: boolean; measuredAt: string };
}

const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as { sections: Record<string, Section> };
const page = readFileSync(PAGE, 'utf8');

describe('the committed results file and the Benchmarks page', () => {
  it('comes from a full run, never a smoke run, with rows in every section', () => {
    const sections = Object.entries(results.sections);
    expect(sections.length).toBeGreaterThanOrEqual(6);
    for (const [name, section] of sections) {
      expect({ name, quick: section.run.quick }).toEqual({ name, quick: false });
      expect(section.rows.length).toBeGreaterThan(0);
    }
  });

  it('shows one chart per section of the file', () => {
    const charts = [...page.matchAll(/\]\(\/benchmarks\/([\w-]+)\.svg\)/g)].map((m) => m[1]).sort();
    expect(charts).toEqual(Object.keys(results.sections).sort());
  });

  it('names the commit the charts were measured at', () => {
    const commits = new Set(Object.values(results.sections).map((section) => section.run.commit));
    for (const commit of commits) expect(page).toContain(`\`${commit}\``);
  });
});
