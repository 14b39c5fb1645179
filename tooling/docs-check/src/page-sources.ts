import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Kept beside the site but not pages of it (the site config's srcExclude). */
const NOT_PAGES = ['upstream-serve-parsed-message.md'];

/** The site's hand-written Markdown pages (the generated API pages and the snippets excluded), by path. */
export function sourcePages(docsDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const rel = relative(docsDir, full);
      if (['node_modules', 'snippets', 'public', '.vitepress', join('reference', 'api'), ...NOT_PAGES].includes(rel))
        continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md')) pages.set(rel, readFileSync(full, 'utf8'));
    }
  };
  walk(docsDir);
  return pages;
}

/** TypeScript code fences written inline in a page: the site's TS code is included from compiled files instead. */
export function inlineTsFences(page: string): number[] {
  const lines = page.split('\n');
  return lines.flatMap((line, i) => (/^\s*```(ts|typescript|tsx)\b/.test(line) ? [i + 1] : []));
}

export interface Include {
  readonly line: number;
  readonly file: string;
  readonly region?: string;
}

/** The `<<< file#region` includes of a page, with `@/` resolved against the docs folder. */
export function includesOf(page: string, pageDir: string, docsDir: string): Include[] {
  return page.split('\n').flatMap((text, i) => {
    const m = /^\s*<<<\s+(\S+?)(?:#([\w-]+))?(?:\{[^}]*\})?(?:\s+\[[^\]]*\])?\s*$/.exec(text);
    if (!m) return [];
    const file = m[1].startsWith('@/') ? join(docsDir, m[1].slice(2)) : join(pageDir, m[1]);
    return [{ line: i + 1, file, ...(m[2] ? { region: m[2] } : {}) }];
  });
}
