// The docs' toolchain table (docs/project/checks.md, "## Toolchains") names the versions this check runs: a pin
// moved in versions.mjs without the table (or the other way round) fails the check, so the promise a user reads
// stays the one CI keeps.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../check-packages/support.mjs';
import { NODE_VERSIONS, TYPESCRIPT_VERSIONS } from './versions.mjs';

export const MATRIX_PAGE = 'docs/project/checks.md';

/** Throws, naming each missing version, unless the page's "## Toolchains" section names every pinned one. */
export function assertMatrixDocumented(page = readFileSync(path.join(ROOT, MATRIX_PAGE), 'utf8')) {
  const section = /^## Toolchains\n([\s\S]*?)(?=^#{1,2} |(?![\s\S]))/m.exec(page)?.[1];
  if (section === undefined) throw new Error(`${MATRIX_PAGE} has no "## Toolchains" section`);
  const pinned = [...NODE_VERSIONS, ...Object.values(TYPESCRIPT_VERSIONS)];
  const missing = pinned.filter((version) => !section.includes(version));
  if (missing.length > 0)
    throw new Error(
      `${MATRIX_PAGE}'s Toolchains table does not name ${missing.join(', ')} (tooling/toolchains/versions.mjs)`,
    );
  return pinned;
}
