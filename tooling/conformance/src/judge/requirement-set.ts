import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Leg } from './expected-failures';
import type { Group } from './verdict';

interface RequirementsFile {
  server?: string[];
  client?: string[];
  not_scored?: Array<{ scenario: string; leg: Leg; reason: string }>;
}

/**
 * What `--requirements <revision>` runs on one leg, read from the suite's own frozen requirement set
 * (`requirements/<revision>.yaml` in the CLI package): the required scenarios, then the unscored ones
 * grouped by the suite's reason (extension, pending, added-after-release).
 */
export function requirementGroups(file: string, leg: Leg): Map<string, Group> {
  const set = parse(readFileSync(file, 'utf8')) as RequirementsFile;
  const groups = new Map<string, Group>();
  for (const name of set[leg] ?? []) groups.set(name, 'required');
  for (const entry of set.not_scored ?? []) {
    if (entry.leg !== leg) continue;
    const reason = entry.reason as Group;
    if (reason !== 'extension' && reason !== 'pending' && reason !== 'added-after-release')
      throw new Error(`${file}: not_scored ${entry.scenario} has an unknown reason "${entry.reason}"`);
    groups.set(entry.scenario, reason);
  }
  return groups;
}
