import { readExpectedFailures, type Leg } from './expected-failures';
import { formatLeg } from './report';
import { requirementGroups } from './requirement-set';
import { readScenarioResults } from './scenario-results';
import { judgeLeg, type Group } from './verdict';

/**
 * Judges the results of run-conformance.sh. Usage:
 *   main.js --requirements <requirements/REV.yaml> --expected <expected-failures.yml>
 *           [--by-name-server "a b"] [--by-name-client "c d"] <leg>=<label>=<results folder> ...
 * where <leg> is server or client. Prints each leg's totals per group and exits 1 if any leg fails.
 */
function main(argv: string[]): number {
  const option = (name: string) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const [value] = argv.splice(i, 2).slice(1);
    return value;
  };
  const requirements = option('--requirements');
  const expectedFile = option('--expected');
  const byName: Record<Leg, string[]> = {
    server: (option('--by-name-server') ?? '').split(/\s+/).filter(Boolean),
    client: (option('--by-name-client') ?? '').split(/\s+/).filter(Boolean),
  };
  if (!requirements || !expectedFile || argv.length === 0) {
    process.stderr.write('usage: main.js --requirements FILE --expected FILE <leg>=<label>=<dir> ...\n');
    return 2;
  }
  const expected = readExpectedFailures(expectedFile);
  let ok = true;
  for (const arg of argv) {
    const [leg, label, dir] = arg.split('=');
    if ((leg !== 'server' && leg !== 'client') || !label || !dir) throw new Error(`bad leg argument: ${arg}`);
    const planned = new Map<string, Group>(requirementGroups(requirements, leg));
    for (const name of byName[leg]) if (!planned.has(name)) planned.set(name, 'by name');
    const verdict = judgeLeg({ label, leg, results: readScenarioResults(dir), planned, expected });
    process.stdout.write(`${formatLeg(verdict)}\n`);
    ok &&= verdict.ok;
  }
  return ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
