// An 'fs' module that also exports globSync, for running the conformance CLI on Node < 22, where
// fs.globSync does not exist. The CLI only uses it in `tier-check` ('**/<file name>' patterns).
import fs from 'node:fs';
import path from 'node:path';

export * from 'node:fs';
export default fs;

export function globSync(pattern, options = {}) {
  const cwd = options.cwd || process.cwd();
  const name = String(pattern).replace(/^\*\*\//, '');
  const found = [];
  const walk = (dir, rel) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? path.join(rel, entry.name) : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), r);
      else if (entry.name === name) found.push(r);
    }
  };
  walk(cwd, '');
  return found;
}
