import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseExpectedFailures } from '../src/judge/expected-failures';
import { readScenarioResults, type ScenarioResult, type SuiteCheck } from '../src/judge/scenario-results';
import { judgeLeg, type Group } from '../src/judge/verdict';

const check = (id: string, status: SuiteCheck['status'], extra: Partial<SuiteCheck> = {}): SuiteCheck => ({
  id,
  status,
  ...extra,
});
const wire = check('wire-schema-valid', 'SUCCESS');
const untestable = (id: string) =>
  check(id, 'FAILURE', { errorMessage: 'Not testable: no fixture', details: { untestable: true } });

function judge(
  results: Record<string, SuiteCheck[]>,
  expectedText = 'server: []\n',
  planned: Record<string, Group> = {},
) {
  const map = new Map<string, ScenarioResult>(
    Object.entries(results).map(([scenario, checks]) => [scenario, { scenario, checks }]),
  );
  const plan = new Map<string, Group>(Object.entries(planned));
  for (const name of map.keys()) if (!plan.has(name)) plan.set(name, 'required');
  return judgeLeg({
    label: 'server',
    leg: 'server',
    results: map,
    planned: plan,
    expected: parseExpectedFailures(expectedText),
  });
}
const outcome = (v: ReturnType<typeof judge>, name: string) => v.scenarios.find((s) => s.scenario === name);

describe('the conformance judge', () => {
  test('a scenario whose checks all pass is green; one FAILURE or WARNING fails the leg', () => {
    expect(judge({ a: [check('x', 'SUCCESS'), wire] }).ok).toBe(true);
    const failed = judge({ a: [check('x', 'SUCCESS'), wire], b: [check('y', 'FAILURE', { errorMessage: 'bad' })] });
    expect(failed.ok).toBe(false);
    expect(outcome(failed, 'b')).toMatchObject({ outcome: 'failed', expected: false, problems: ['y FAILURE: bad'] });
    expect(judge({ a: [check('x', 'WARNING')] }).ok).toBe(false);
  });

  test('a check the suite calls not testable does not fail a scenario whose other checks ran', () => {
    const v = judge({ a: [check('x', 'SUCCESS'), untestable('y'), wire] });
    expect(v.ok).toBe(true);
    expect(outcome(v, 'a')!.counts).toMatchObject({ passed: 2, untestable: 1 });
  });

  test('a scenario none of whose own checks ran (all skipped or not testable, only the wire check) is not run, and fails', () => {
    const v = judge({ skipped: [check('x', 'SKIPPED'), wire], untestable: [untestable('y'), untestable('z'), wire] });
    expect(outcome(v, 'skipped')!.outcome).toBe('not run');
    expect(outcome(v, 'untestable')!.outcome).toBe('not run');
    expect(v.ok).toBe(false);
  });

  test('a planned scenario with no result at all is not run', () => {
    const v = judge({}, 'server: []\n', { missing: 'by name' });
    expect(outcome(v, 'missing')).toMatchObject({ outcome: 'not run', group: 'by name' });
    expect(v.ok).toBe(false);
  });

  test('an expected-failures entry lets its scenario fail or not run, and fails the leg once it passes (stale)', () => {
    const expected = 'server:\n  - a # not built yet\n  - b # not built yet\n';
    const v = judge({ a: [check('x', 'FAILURE')], b: [check('x', 'SKIPPED')] }, expected);
    expect(v.ok).toBe(true);
    const stale = judge({ a: [check('x', 'SUCCESS')], b: [check('x', 'SKIPPED')] }, expected);
    expect(stale.ok).toBe(false);
    expect(stale.stale).toEqual(['line 2: a passes now']);
  });

  test('a scenario:check entry covers that check only', () => {
    const expected = 'server:\n  - a:x # a SHOULD\n';
    expect(judge({ a: [check('x', 'WARNING'), check('y', 'SUCCESS')] }, expected).ok).toBe(true);
    expect(judge({ a: [check('x', 'WARNING'), check('y', 'FAILURE')] }, expected).ok).toBe(false);
    const stale = judge({ a: [check('x', 'SUCCESS')] }, expected);
    expect(stale.stale).toEqual(['line 2: a:x passes now']);
  });

  test('an entry naming a scenario the leg does not run is refused', () => {
    const v = judge({ a: [check('x', 'SUCCESS')] }, 'server:\n  - nope # typo\n');
    expect(v.stale).toEqual(['line 2: nope is not a scenario this leg runs']);
    expect(v.ok).toBe(false);
  });
});

describe('the expected-failures file', () => {
  test('reads the suite layout with a reason per entry; auth names keep their slash', () => {
    expect(
      parseExpectedFailures('# head\nserver:\n  - a # why\nclient:\n  - auth/dpop # why not\n  - b:c # one check\n'),
    ).toEqual([
      { leg: 'server', scenario: 'a', reason: 'why', line: 3 },
      { leg: 'client', scenario: 'auth/dpop', reason: 'why not', line: 5 },
      { leg: 'client', scenario: 'b', check: 'c', reason: 'one check', line: 6 },
    ]);
  });

  test.each([
    ['an entry without a reason', 'server:\n  - a\n', /f:2: "a" needs a reason/],
    ['an unknown key', 'servers:\n', /f:1: unknown key "servers"/],
    ['an entry before any list', '  - a # x\n', /f:1: an entry before any server: or client: list/],
    ['a repeated entry', 'server:\n  - a # x\n  - a # y\n', /f:3: "a" is listed twice under server:/],
    ['a line of another shape', 'server:\n  a: b\n', /f:2: expected " {2}- scenario {2}# reason"/],
  ])('refuses %s, naming the line', (_what, text, message) => {
    expect(() => parseExpectedFailures(text, 'f')).toThrow(message);
  });
});

describe('reading result folders', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'judge-'));
    const write = (folder: string, checks: SuiteCheck[]) => {
      mkdirSync(join(dir, folder), { recursive: true });
      writeFileSync(join(dir, folder, 'checks.json'), JSON.stringify(checks));
    };
    write('server-tools-list-2026-12-03T17-16-09-708Z', [check('a', 'FAILURE')]);
    write('server-tools-list-2026-12-03T17-20-00-000Z', [check('a', 'SUCCESS')]);
    write('auth/dpop-nonce-2026-12-03T17-16-09-708Z', [check('b', 'SUCCESS')]);
    write('sep-2640-client-no-prefetch-2026-12-03T17-16-09-708Z', [check('c', 'SUCCESS')]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('names each scenario as the suite does, keeping the last run of one run twice', () => {
    const results = readScenarioResults(dir);
    expect([...results.keys()].sort()).toEqual(['auth/dpop-nonce', 'sep-2640-client-no-prefetch', 'tools-list']);
    expect(results.get('tools-list')!.checks[0].status).toBe('SUCCESS');
  });
});
