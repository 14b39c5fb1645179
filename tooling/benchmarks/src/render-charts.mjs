// Draws one SVG chart per section of a bench results file (support/results-file.ts writes it), for the docs site's
// Benchmarks page. Vega-Lite describes each chart and Vega renders it to SVG without a browser or canvas.
//
//   node tooling/benchmarks/src/render-charts.mjs [results.json] [out folder]
//   defaults: tooling/benchmarks/results/latest.json -> docs/public/benchmarks/ (the site serves it at /benchmarks/)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..', '..');
const DEFAULT_RESULTS = path.join(ROOT, 'tooling', 'benchmarks', 'results', 'latest.json');
const DEFAULT_OUT = path.join(ROOT, 'docs', 'public', 'benchmarks');
const SECTION_ID = /^[a-z0-9][a-z0-9-]*$/;

/** Checks the file's shape, naming the section and field at fault. */
export function checkResults(results, file) {
  if (results?.schema !== 1 || typeof results.sections !== 'object' || results.sections === null)
    throw new Error(`${file}: not a bench results file (expected { "schema": 1, "sections": { ... } })`);
  for (const [id, section] of Object.entries(results.sections)) {
    const where = `${file}: section "${id}"`;
    if (!SECTION_ID.test(id))
      throw new Error(`${where}: an id is lowercase letters, digits and "-" (it names the SVG)`);
    for (const field of ['title', 'metric']) {
      if (typeof section[field] !== 'string') throw new Error(`${where}: ${field} must be a string`);
    }
    if (section.better !== 'lower' && section.better !== 'higher')
      throw new Error(`${where}: better must be "lower" or "higher"`);
    if (!Array.isArray(section.rows) || section.rows.length === 0)
      throw new Error(`${where}: rows must be a non-empty list`);
    for (const [i, row] of section.rows.entries()) {
      for (const field of ['series', 'group'])
        if (typeof row[field] !== 'string') throw new Error(`${where}, row ${i}: ${field} must be a string`);
      for (const field of ['value', 'min', 'max'])
        if (!Number.isFinite(row[field])) throw new Error(`${where}, row ${i}: ${field} must be a number`);
    }
    if (typeof section.run?.commit !== 'string' || typeof section.run?.measuredAt !== 'string')
      throw new Error(`${where}: run must name its commit and measuredAt`);
  }
  return results;
}

/** The Vega-Lite spec of one section: horizontal bars per group, one per series, the range over rounds as a rule. */
export function chartSpec(section) {
  const { run } = section;
  const subtitle = [
    `median over rounds, the line its range; ${section.better} is better`,
    `commit ${run.commit}, ${run.measuredAt.slice(0, 16).replace('T', ' ')} UTC, node ${run.node}, ${run.cpus}` +
      (run.quick ? ' (BENCH_QUICK smoke run: not for quoting)' : ''),
  ];
  const y = { field: 'group', type: 'nominal', title: null, sort: null };
  const yOffset = { field: 'series', type: 'nominal', sort: null };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: section.title, subtitle, anchor: 'start' },
    width: 560,
    data: { values: section.rows },
    encoding: { y, yOffset },
    layer: [
      {
        mark: { type: 'bar', tooltip: true },
        encoding: {
          x: { field: 'value', type: 'quantitative', title: section.metric },
          color: {
            field: 'series',
            type: 'nominal',
            sort: null,
            title: null,
            legend: { orient: 'bottom', columns: 1 },
          },
        },
      },
      {
        mark: { type: 'rule', color: 'black' },
        encoding: { x: { field: 'min', type: 'quantitative' }, x2: { field: 'max' } },
      },
    ],
    config: {
      font: 'system-ui, sans-serif',
      background: 'white',
      axisY: { labelLimit: 280 },
      legend: { labelLimit: 520 },
    },
  };
}

export async function renderSvg(section) {
  const { spec } = vegaLite.compile(chartSpec(section));
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Writes `<out>/<section id>.svg` for every section; returns the files written. */
export async function renderCharts(resultsFile = DEFAULT_RESULTS, outDir = DEFAULT_OUT) {
  let text;
  try {
    text = readFileSync(resultsFile, 'utf8');
  } catch {
    throw new Error(`${resultsFile}: no results file; npm run bench writes it`);
  }
  const results = checkResults(JSON.parse(text), resultsFile);
  mkdirSync(outDir, { recursive: true });
  const written = [];
  for (const [id, section] of Object.entries(results.sections)) {
    const file = path.join(outDir, `${id}.svg`);
    writeFileSync(file, await renderSvg(section));
    written.push(file);
  }
  return written;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [resultsFile, outDir] = process.argv.slice(2);
  renderCharts(resultsFile && path.resolve(resultsFile), outDir && path.resolve(outDir)).then(
    (files) => {
      for (const file of files) console.log(`wrote ${path.relative(process.cwd(), file)}`);
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
