import { readFileSync } from 'node:fs';
import type { Leg } from './expected-failures';
import { requirementGroups } from './requirement-set';

/**
 * The scenarios to run by name on a leg: those the CLI lists (its `list --server` or `list --client` output,
 * on stdin) as applicable at the revision or as an extension, that its requirement set does not run at all.
 * Usage: by-name.js --requirements <requirements/REV.yaml> --leg server|client --revision REV [--no-extensions]
 *        < list-output
 * `--no-extensions` leaves the extensions out (a second revision's run, when the first already ran them).
 */
function main(argv: string[]): number {
  const value = (name: string) => argv[argv.indexOf(name) + 1];
  const extensions = !argv.includes('--no-extensions');
  const [requirements, leg, revision] = [value('--requirements'), value('--leg') as Leg, value('--revision')];
  if (!requirements || (leg !== 'server' && leg !== 'client') || !revision) {
    process.stderr.write('usage: by-name.js --requirements FILE --leg server|client --revision REV < list-output\n');
    return 2;
  }
  const known = requirementGroups(requirements, leg);
  const names: string[] = [];
  for (const line of readFileSync(0, 'utf8').split('\n')) {
    const m = /^\s+-\s+(\S+)\s+\[([^\]]*)\]\s*$/.exec(line);
    if (!m) continue;
    const tags = m[2].split(',').map((t) => t.trim());
    if (((extensions && tags.includes('extension')) || tags.includes(revision)) && !known.has(m[1])) names.push(m[1]);
  }
  process.stdout.write(`${names.join('\n')}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
