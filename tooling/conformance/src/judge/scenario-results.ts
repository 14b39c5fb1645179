import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One check as the suite writes it into a scenario's checks.json. */
export interface SuiteCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  description?: string;
  errorMessage?: string;
  details?: unknown;
}

/** The checks of one scenario run. */
export interface ScenarioResult {
  scenario: string;
  checks: SuiteCheck[];
}

// `<name>-2026-12-03T17-16-10-786Z`, as the suite names each scenario's result folder
const STAMP = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/**
 * Reads every scenario result under a leg's output folder (`-o` of one or more suite runs): server results
 * are `server-<scenario>-<time>/checks.json`, client ones `<scenario>-<time>/checks.json`, auth scenarios
 * one folder down (`auth/<name>-<time>`). A scenario run twice keeps its last result.
 */
export function readScenarioResults(dir: string): Map<string, ScenarioResult> {
  const found = new Map<string, { at: string; result: ScenarioResult }>();
  const walk = (folder: string, prefix: string) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (!statSync(path).isDirectory()) continue;
      const stamp = STAMP.exec(entry);
      if (!stamp) {
        walk(path, `${prefix}${entry}/`);
        continue;
      }
      const file = join(path, 'checks.json');
      if (!existsSync(file)) continue;
      const scenario = prefix + entry.slice(0, stamp.index).replace(/^server-/, '');
      const checks = JSON.parse(readFileSync(file, 'utf8')) as SuiteCheck[];
      const prior = found.get(scenario);
      if (!prior || prior.at < stamp[0]) found.set(scenario, { at: stamp[0], result: { scenario, checks } });
    }
  };
  walk(dir, '');
  return new Map([...found].map(([name, { result }]) => [name, result]));
}
