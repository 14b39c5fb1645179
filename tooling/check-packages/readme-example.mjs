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

/** The `npm install ...` lines the README gives under the same heading, as argument lists (comments dropped). */
export function readmeInstallCommands() {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${EXAMPLE_HEADING}\n`);
  if (start < 0) throw new Error(`README.md has no "${EXAMPLE_HEADING}" section`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start));
  if (block === null) throw new Error(`README.md: no \`\`\`sh block under "${EXAMPLE_HEADING}"`);
  return block[1]
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line.startsWith('npm install '))
    .map((line) => line.split(/\s+/).slice(1));
}
