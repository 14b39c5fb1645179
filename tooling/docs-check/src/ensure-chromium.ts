import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, repoRoot } from './paths';

/**
 * Installs Debian's `chromium` when it is missing, through the repository's `ensure-debian-packages.sh` (as the
 * Inspector check does); throws a clear error if it cannot.
 */
export function ensureChromium(): string {
  const installer = spawnSync('bash', [join(repoRoot, 'scripts', 'ensure-debian-packages.sh'), 'chromium=chromium'], {
    encoding: 'utf8',
  });
  if (installer.status !== 0 || !existsSync(chromiumPath)) {
    const why = (installer.stderr || '').trim().split('\n').pop();
    throw new Error(
      `Chromium is needed at ${chromiumPath} and could not be installed (Debian package "chromium")${why ? `: ${why}` : ''}`,
    );
  }
  return chromiumPath;
}
