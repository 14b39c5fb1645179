// Reads the README's complete example verbatim, so the check compiles exactly what a user copies.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './support.mjs';

export const EXAMPLE_HEADING = '## A complete small example';

export function readmeExample() {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${EXAMPLE_HEADING}\n`);
  if (start < 0) throw new Error(`README.md has no "${EXAMPLE_HEADING}" section`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start));
  if (block === null) throw new Error(`README.md: no \`\`\`ts block under "${EXAMPLE_HEADING}"`);
  return block[1];
}
