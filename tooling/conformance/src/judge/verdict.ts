import type { ExpectedFailure, Leg } from './expected-failures';
import type { ScenarioResult, SuiteCheck } from './scenario-results';

/** Why a scenario runs: the revision requires it, or the suite runs it unscored (and which kind), or by name. */
export type Group = 'required' | 'extension' | 'added-after-release' | 'pending' | 'by name';
export const GROUPS: readonly Group[] = ['required', 'extension', 'added-after-release', 'pending', 'by name'];

export interface CheckCounts {
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  /** Checks the suite itself reports as not testable against this implementation (they do not fail the run). */
  untestable: number;
}

export interface ScenarioVerdict {
  scenario: string;
  group: Group;
  /** `not run`: no check of its own ran (all skipped or not testable, or no result at all); not a pass. */
  outcome: 'passed' | 'failed' | 'not run';
  /** The failure (or not running) is listed in the expected-failures file. */
  expected: boolean;
  counts: CheckCounts;
  /** The failing checks, as `check-id: message`. */
  problems: string[];
}

export interface LegVerdict {
  label: string;
  leg: Leg;
  scenarios: ScenarioVerdict[];
  /** Expected-failures entries that no longer fail (remove them), with their line. */
  stale: string[];
  ok: boolean;
}

// Checks the suite adds to every scenario: they judge every message, but say nothing about whether the
// scenario's own checks could run.
const HARNESS_CHECKS = new Set(['wire-schema-valid', 'wire-schema-harness-error']);

export function isUntestable(check: SuiteCheck): boolean {
  const details = check.details as { untestable?: unknown } | undefined;
  return (
    check.status === 'FAILURE' && (details?.untestable === true || /^Not testable:/.test(check.errorMessage ?? ''))
  );
}

/**
 * Judges one leg's scenarios. A scenario fails on any FAILURE or WARNING check that the suite does not
 * itself call not testable, unless the expected-failures file lists it (or that check); it is `not run`
 * when none of its own checks ran, which fails too unless listed. A listed entry that passes is stale and
 * fails the leg, so the file only ever names what is still missing.
 */
export function judgeLeg(input: {
  label: string;
  leg: Leg;
  results: ReadonlyMap<string, ScenarioResult>;
  /** Every scenario the leg meant to run, with its group; a scenario without a result is `not run`. */
  planned: ReadonlyMap<string, Group>;
  expected: readonly ExpectedFailure[];
}): LegVerdict {
  const { label, leg, results, planned } = input;
  const expected = input.expected.filter((e) => e.leg === leg);
  const stale: string[] = [];
  const used = new Set<ExpectedFailure>();
  const names = new Set([...planned.keys(), ...results.keys()]);
  const scenarios = [...names].map((scenario): ScenarioVerdict => {
    const checks = results.get(scenario)?.checks ?? [];
    const wholeEntry = expected.find((e) => e.scenario === scenario && e.check === undefined);
    const checkEntries = expected.filter((e) => e.scenario === scenario && e.check !== undefined);
    const counts: CheckCounts = { passed: 0, failed: 0, warnings: 0, skipped: 0, untestable: 0 };
    const problems: string[] = [];
    let ownChecksRan = false;
    let unexpected = false;
    for (const check of checks) {
      if (check.status === 'INFO') continue;
      const own = !HARNESS_CHECKS.has(check.id);
      if (check.status === 'SKIPPED') counts.skipped++;
      else if (isUntestable(check)) counts.untestable++;
      else {
        if (own) ownChecksRan = true;
        if (check.status === 'SUCCESS') counts.passed++;
        else {
          if (check.status === 'WARNING') counts.warnings++;
          else counts.failed++;
          problems.push(`${check.id} ${check.status}: ${check.errorMessage ?? check.description ?? ''}`.trim());
          const entry = checkEntries.find((e) => e.check === check.id);
          if (entry) used.add(entry);
          else unexpected = true;
        }
      }
    }
    const outcome: ScenarioVerdict['outcome'] = !ownChecksRan ? 'not run' : problems.length > 0 ? 'failed' : 'passed';
    if (outcome === 'not run' && checks.length === 0)
      problems.push('no result (the suite did not run it, or it crashed)');
    let isExpected: boolean;
    if (wholeEntry) {
      isExpected = outcome !== 'passed';
      if (isExpected) used.add(wholeEntry);
      else stale.push(`line ${wholeEntry.line}: ${scenario} passes now`);
    } else isExpected = outcome === 'passed' || (outcome === 'failed' && !unexpected);
    for (const entry of checkEntries)
      if (!used.has(entry) && outcome !== 'not run')
        stale.push(`line ${entry.line}: ${scenario}:${entry.check} passes now`);
    return {
      scenario,
      group: planned.get(scenario) ?? 'by name',
      outcome,
      expected: outcome === 'passed' || isExpected,
      counts,
      problems,
    };
  });
  for (const entry of expected)
    if (!names.has(entry.scenario)) stale.push(`line ${entry.line}: ${entry.scenario} is not a scenario this leg runs`);
  const ok = stale.length === 0 && scenarios.every((s) => s.outcome === 'passed' || s.expected);
  return { label, leg, scenarios, stale, ok };
}
