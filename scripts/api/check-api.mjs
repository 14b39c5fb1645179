// The API reports: each public entry's surface as API Extractor sees it in the built .d.ts, committed under
// packages/*/api/. `npm run check:api` fails when a surface differs from its report; `npm run api:update`
// rewrites the reports, to be committed with the change so that review sees it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import apiExtractor from '@microsoft/api-extractor';

const { Extractor, ExtractorConfig } = apiExtractor;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIGS = [
  'packages/common/api-extractor.json',
  'packages/request-state/api-extractor.json',
  'packages/request-state/api-extractor.framework.json',
  'packages/core/api-extractor.json',
  'packages/core/api-extractor.advanced.json',
  'packages/core/api-extractor.node.json',
  'packages/core/api-extractor.validators.json',
  'packages/client/api-extractor.json',
  'packages/testing/api-extractor.json',
  'packages/testing/api-extractor.echo-tool-table.json',
  'packages/redis/api-extractor.json',
  'packages/compose/api-extractor.json',
  'packages/cli/api-extractor.json',
  'packages/create-tessera/api-extractor.json',
];
const update = process.argv.includes('--update');

let failed = 0;
for (const file of CONFIGS) {
  const config = ExtractorConfig.loadFileAndPrepare(path.join(ROOT, file));
  mkdirSync(config.reportFolder, { recursive: true });
  mkdirSync(config.reportTempFolder, { recursive: true });
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
  const report = path.relative(ROOT, path.join(config.reportFolder, `${config.reportConfigs[0].fileName}`));
  if (result.succeeded) {
    console.log(`${report}: ${result.apiReportChanged ? 'updated' : 'unchanged'}`);
  } else {
    failed++;
    const why = result.apiReportChanged
      ? 'the public surface changed: run npm run api:update and commit the report'
      : `${result.errorCount} errors, ${result.warningCount} warnings`;
    console.log(`${report}: FAILED (${why})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
