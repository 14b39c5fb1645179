import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// check-commits.mjs is an ES module (commitlint ships ES modules only), run as CI runs it, on a scratch repository.
const SCRIPT = path.resolve(__dirname, '../check-commits.mjs');

let repo: string;
let sinceFile: string;
beforeEach(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'check-commits-'));
  sinceFile = path.join(repo, '..', `${path.basename(repo)}-since.json`);
  execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: repo });
});
afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(sinceFile, { force: true });
});

function commit(message: string, authored: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'a',
    GIT_AUTHOR_EMAIL: 'a@example.invalid',
    GIT_COMMITTER_NAME: 'a',
    GIT_COMMITTER_EMAIL: 'a@example.invalid',
    GIT_AUTHOR_DATE: authored,
  };
  execFileSync('git', ['commit', '--quiet', '--allow-empty', '-m', message], { cwd: repo, env });
}

function check(since: object) {
  writeFileSync(sinceFile, JSON.stringify(since));
  return spawnSync(process.execPath, [SCRIPT, '--repo', repo, '--since-file', sinceFile], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('check:commits', () => {
  test('lints only commits authored since the recorded instant, naming commit, header and rule', () => {
    commit(
      'Old style header from before the rule, long and not conventional at all, never checked',
      '2026-12-01T10:00:00Z',
    );
    commit('fix(core): refuse unknown keys in tasks options', '2026-12-08T10:00:00Z');
    commit(`feat(client): ${'a header that says far too much for one line '.repeat(2)}`, '2026-12-08T11:00:00Z');
    commit('Added a thing', '2026-12-08T12:00:00Z');
    const run = check({ since: '2026-12-07T07:00:00Z' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('check:commits: 3 commit(s) authored since 2026-12-07T07:00:00.000Z, 3 problem(s)');
    expect(lines.filter((line) => line.includes('(header-max-length)'))).toHaveLength(1);
    expect(lines.some((line) => /"Added a thing": .*\((subject-empty|type-empty)\)/.test(line))).toBe(true);
    expect(run.stdout).not.toContain('Old style header');
    expect(run.stdout).not.toContain('refuse unknown keys');
  });

  test('passes when every new commit follows the rule, a long body included', () => {
    commit('not conventional, but older than the rule', '2026-12-01T10:00:00Z');
    commit(
      `docs: say how to add a guard\n\n${'Detail and figures go in the body, as long as they need. '.repeat(5)}`,
      '2026-12-08T10:00:00Z',
    );
    const run = check({ since: '2026-12-07T07:00:00Z', why: 'the rule starts here' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('check:commits: 1 commit(s) authored since 2026-12-07T07:00:00.000Z, 0 problem(s)');
  });

  test('refuses a since file with an unknown key or a date that is not a UTC instant, by name', () => {
    commit('docs: anything', '2026-12-08T10:00:00Z');
    const unknown = check({ since: '2026-12-07T07:00:00Z', base: 'abc' });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(`${sinceFile}: unknown key base (known: since, why)`);
    const local = check({ since: '7 December 2026' });
    expect(local.status).toBe(1);
    expect(local.stderr).toContain('since must be an ISO 8601 UTC instant');
  });
});
