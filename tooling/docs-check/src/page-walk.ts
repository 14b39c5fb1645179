import { readFileSync } from 'node:fs';
import { includesOf } from './page-sources';

/** One thing a reader does while following a page: run a shell line, or save a file the page shows. */
export type WalkStep =
  | { readonly kind: 'run'; readonly section: string; readonly line: number; readonly command: string }
  | {
      readonly kind: 'write';
      readonly section: string;
      readonly line: number;
      readonly file: string;
      readonly text: string;
    };

/**
 * The steps of a page between two headings, in reading order: every line of a ```sh fence (comments dropped),
 * and every `<<<` include labelled with the file name to save it as (a line such as "`server.ts`:").
 */
export function pageWalk(page: string, pageDir: string, docsDir: string, from: string, to: string): WalkStep[] {
  const lines = page.split('\n');
  const start = lines.indexOf(from);
  if (start < 0) throw new Error(`the page has no "${from}" heading`);
  const end = lines.indexOf(to, start);
  if (end < 0) throw new Error(`the page has no "${to}" heading after "${from}"`);
  const includes = new Map(includesOf(page, pageDir, docsDir).map((inc) => [inc.line, inc]));
  const steps: WalkStep[] = [];
  let section = from;
  let inSh = false;
  let label: string | undefined;
  for (let i = start; i < end; i++) {
    const text = lines[i];
    if (inSh) {
      if (/^\s*```\s*$/.test(text)) inSh = false;
      else {
        const command = text.replace(/(^|\s)#.*$/, '').trim();
        if (command !== '') steps.push({ kind: 'run', section, line: i + 1, command });
      }
      continue;
    }
    if (/^#{2,} /.test(text)) section = text;
    else if (/^\s*```(sh|bash|shell)\s*$/.test(text)) inSh = true;
    const named = /^`([\w.-]+)`.*:\s*$/.exec(text);
    if (named) label = named[1];
    const include = includes.get(i + 1);
    if (include) {
      if (label === undefined)
        throw new Error(`${section} (line ${i + 1}): an include with no "\`file\`:" line naming where to save it`);
      if (include.region !== undefined)
        throw new Error(`${section} (line ${i + 1}): ${label} is included by region; a reader cannot save a region`);
      steps.push({ kind: 'write', section, line: i + 1, file: label, text: readFileSync(include.file, 'utf8') });
      label = undefined;
    }
  }
  if (inSh) throw new Error(`${section}: a \`\`\`sh fence is not closed before "${to}"`);
  return steps;
}
