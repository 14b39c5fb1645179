import { GROUPS, type LegVerdict } from './verdict';

/** The leg's totals per group, then every scenario that did not pass (expected or not), then stale entries. */
export function formatLeg(verdict: LegVerdict): string {
  const lines = [`== ${verdict.label}`];
  for (const group of GROUPS) {
    const inGroup = verdict.scenarios.filter((s) => s.group === group);
    if (inGroup.length === 0) continue;
    const count = (outcome: string, expected?: boolean) =>
      inGroup.filter((s) => s.outcome === outcome && (expected === undefined || s.expected === expected)).length;
    const sum = (key: keyof LegVerdict['scenarios'][number]['counts']) =>
      inGroup.reduce((n, s) => n + s.counts[key], 0);
    lines.push(
      `  ${group.padEnd(20)} ${String(inGroup.length).padStart(3)} scenarios: ${count('passed')} green, ` +
        `${count('failed', true) + count('not run', true)} expected to fail, ` +
        `${count('failed', false) + count('not run', false)} failing | checks: ${sum('passed')} ok, ` +
        `${sum('failed')} not ok, ${sum('warnings')} warnings, ${sum('skipped')} skipped, ${sum('untestable')} not testable`,
    );
  }
  const open = verdict.scenarios
    .filter((s) => s.outcome !== 'passed')
    .sort((a, b) => a.scenario.localeCompare(b.scenario));
  for (const s of open) {
    const tag = s.expected ? 'expected' : 'FAILING ';
    lines.push(`  ${tag} ${s.outcome === 'not run' ? 'not run' : 'failed '} ${s.scenario} (${s.group})`);
    if (!s.expected) for (const p of s.problems.slice(0, 8)) lines.push(`             ${p.slice(0, 220)}`);
  }
  for (const entry of verdict.stale) lines.push(`  STALE    expected-failures ${entry}: remove the entry`);
  lines.push(`  ${verdict.ok ? 'OK' : 'FAILED'}: ${verdict.label}`);
  return lines.join('\n');
}
