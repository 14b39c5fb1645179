#!/usr/bin/env node
// `npm create tessera@latest my-server` runs this (npm turns `create tessera` into the create-tessera package).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { projectTarget } from './project-target';
import { scaffold } from './scaffold';

const USAGE = 'usage: npm create tessera@latest <project-name | path/to/folder> [-- --dir <folder>]';

function main(): void {
  const { values, positionals } = parseArgs({
    options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help === true) return void console.log(USAGE);
  if (positionals.length !== 1) throw new Error(`create-tessera: give exactly one project name\n${USAGE}`);
  const target = projectTarget(positionals[0], values.dir);
  const { directory, files } = scaffold(target);
  const relative = path.relative(process.cwd(), directory) || '.';
  console.log(`Created ${target.name} in ${directory} (${files.length} files).\n`);
  console.log(
    `  cd ${relative}\n  npm install\n  npm test             # flow tests\n  npm run start:http   # http://127.0.0.1:3000/mcp\n`,
  );
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
