import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Tiers that do not leak (issue #40): a type a public signature uses but no entry exports (an internal type, such
 * as core's ServerRuntime) is an API Extractor "forgotten export". It is an error for every report check:api
 * builds, never silenced in a package's config nor written into a report as a warning to live with.
 */

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ExtractorConfig {
  extends?: string;
  apiReport?: { reportFileName?: string };
  messages?: { extractorMessageReporting?: Record<string, { logLevel?: string; addToApiReportFile?: boolean }> };
}

const configs = [...read('scripts/api/check-api.mjs').matchAll(/'(packages\/[^']+\/api-extractor[^']*\.json)'/g)].map(
  ([, file]) => file!,
);

test('check:api builds every report with the shared base, where a forgotten export is an error', () => {
  const base = JSON.parse(read('api-extractor.base.json')) as ExtractorConfig;
  expect(base.messages?.extractorMessageReporting?.['ae-forgotten-export']).toEqual({
    logLevel: 'error',
    addToApiReportFile: false,
  });
  expect(configs.length).toBeGreaterThan(10);
  for (const file of configs) {
    const config = JSON.parse(read(file)) as ExtractorConfig;
    expect({ file, extends: config.extends }).toEqual({ file, extends: '../../api-extractor.base.json' });
    expect({ file, override: config.messages?.extractorMessageReporting?.['ae-forgotten-export'] }).toEqual({
      file,
      override: undefined,
    });
  }
});

test('no committed report carries a forgotten-export warning', () => {
  for (const file of configs) {
    const folder = path.posix.join(path.posix.dirname(file), 'api');
    for (const report of readdirSync(path.join(ROOT, folder)))
      expect({ report, forgotten: read(path.posix.join(folder, report)).includes('ae-forgotten-export') }).toEqual({
        report,
        forgotten: false,
      });
  }
});
