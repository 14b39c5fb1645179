/* eslint-disable @typescript-eslint/no-require-imports -- class-validator's internal files, what the shortcuts read */
import type * as CV from 'class-validator';
import { probeCachedExecutor } from './cached-executor';
import { probeDeepMembers } from './deep-members';
import { probeIndexedTargetMetadata } from './indexed-target-metadata';
import { probeSharedConstraint } from './shared-constraint';
import { probeTransformerStorage } from './transformer-storage';
import { installedVersion, PINNED } from './validation-accelerators';

/**
 * The validation accelerator's probe under the name every accelerator folder gives its own (`probe.ts`, exporting
 * `probe(): string[]`): every shortcut's check at once, with the pinned minors. At run time each shortcut runs its
 * own check on first use (and only it turns off); `npm run check:deps-latest` runs this one against the newest
 * published class-validator and class-transformer. Empty: every shortcut may serve.
 */
export function probe(): string[] {
  const changed: string[] = [];
  for (const pkg of Object.keys(PINNED) as (keyof typeof PINNED)[]) {
    const version = guarded(() => installedVersion(pkg), changed, `${pkg} version`);
    if (typeof version === 'string' && !version.startsWith(`${PINNED[pkg]}.`))
      changed.push(`${pkg} ${version} is not the ${PINNED[pkg]}.x it was written for`);
  }
  const store = () => (require('class-validator/cjs/metadata/MetadataStorage') as typeof CV).getMetadataStorage();
  const validator = () => new (require('class-validator/cjs/validation/Validator') as typeof CV).Validator();
  const checks: [string, () => string[]][] = [
    ['deep members', probeDeepMembers],
    ['indexed target metadata', () => probeIndexedTargetMetadata(store())],
    ['cached executor', () => probeCachedExecutor(store(), validator())],
    ['shared constraint', probeSharedConstraint],
    ['transformer storage', probeTransformerStorage],
  ];
  for (const [name, check] of checks) changed.push(...(guarded(check, changed, name) ?? []));
  return changed;
}

function guarded<T>(run: () => T, changed: string[], what: string): T | undefined {
  try {
    return run();
  } catch (error) {
    changed.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
