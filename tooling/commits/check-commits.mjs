// npm run check:commits: every commit reachable from HEAD whose author date is at or after since.json's `since` (merge
// commits aside) is linted with commitlint.config.mjs. A date rather than a base commit: branches merged later carry
// commits that are not descendants of any one base, and history from before the rule is never checked.
//
//   node tooling/commits/check-commits.mjs [--repo <dir>] [--since-file <file>]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lint from '@commitlint/lint';
import load from '@commitlint/load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SINCE_KEYS = ['since', 'why'];
// ASCII unit and record separators: they cannot occur in a commit message git prints
const FIELD = '\x1f';
const RECORD = '\x1e';

/** Reads since.json, refusing unknown keys and a `since` that is not an ISO 8601 instant. */
export function readSince(file) {
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const unknown = Object.keys(config).filter((key) => !SINCE_KEYS.includes(key));
  if (unknown.length > 0)
    throw new Error(`${file}: unknown key ${unknown.join(', ')} (known: ${SINCE_KEYS.join(', ')})`);
  if (typeof config.since !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?Z$/.test(config.since))
    throw new Error(`${file}: since must be an ISO 8601 UTC instant such as 2026-12-07T07:00:00Z`);
  return new Date(config.since);
}

/** The non-merge commits reachable from HEAD authored at or after `since`, newest first. */
export function commitsSince(repo, since) {
  const out = execFileSync('git', ['log', '--no-merges', `--format=%H${FIELD}%aI${FIELD}%B${RECORD}`, 'HEAD'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return out
    .split(RECORD)
    .map((record) => record.replace(/^\n/, ''))
    .filter((record) => record !== '')
    .map((record) => {
      const [hash, authored, message] = record.split(FIELD);
      return { hash, authored: new Date(authored), message: message.trimEnd() };
    })
    .filter((commit) => commit.authored >= since);
}

/** Lints each commit; returns one line per problem, naming the commit, its header and the rule. */
export async function problemsOf(commits, configDir = ROOT) {
  const config = await load({}, { cwd: configDir });
  const options = config.parserPreset ? { parserOpts: config.parserPreset.parserOpts } : {};
  const problems = [];
  for (const commit of commits) {
    const report = await lint(commit.message, config.rules, options);
    for (const error of report.errors)
      problems.push(`${commit.hash.slice(0, 10)} "${commit.message.split('\n')[0]}": ${error.message} (${error.name})`);
  }
  return problems;
}

async function main() {
  const { values } = parseArgs({ options: { repo: { type: 'string' }, 'since-file': { type: 'string' } } });
  const repo = path.resolve(values.repo ?? ROOT);
  const sinceFile = path.resolve(values['since-file'] ?? path.join(ROOT, 'tooling', 'commits', 'since.json'));
  const since = readSince(sinceFile);
  const commits = commitsSince(repo, since);
  const problems = await problemsOf(commits);
  for (const problem of problems) console.log(`not ok: ${problem}`);
  console.log(
    `check:commits: ${commits.length} commit(s) authored since ${since.toISOString()}, ${problems.length} problem(s)`,
  );
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
