import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, repoRoot } from './paths';
import type { RunScope } from './run-scope';

/**
 * Installs Debian's `chromium` when it is missing (CI machines start without it), through the repository's
 * `ensure-debian-packages.sh`; throws a clear error if it cannot. The installer runs in the
 * run's scope, so that the global timeout stops it too.
 */
export async function ensureChromium(run: RunScope): Promise<string> {
  const installer = run.start('ensure-debian-packages', 'bash', [
    join(repoRoot, 'scripts', 'ensure-debian-packages.sh'),
    'chromium=chromium',
  ]);
  const code = await installer.exitCode();
  if (code !== 0 || !existsSync(chromiumPath)) {
    const why = installer.log().trim();
    throw new Error(
      `Chromium is needed at ${chromiumPath} and could not be installed (Debian package "chromium")${why ? `: ${why}` : ''}`,
    );
  }
  return chromiumPath;
}
