import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every HTML page of a built site, as the URL path a browser asks for (clean URLs: no `.html`). */
export function sitePages(root: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html') && name !== '404.html') pages.push(urlPathOf(relative(root, full)));
    }
  };
  walk(root);
  return pages.sort();
}

function urlPathOf(file: string): string {
  const path = '/' + file.split(sep).join('/');
  if (path.endsWith('/index.html')) return path.slice(0, -'index.html'.length);
  return path.slice(0, -'.html'.length);
}

/**
 * The file a URL path names in a built site with clean URLs, or undefined when there is none: `/a/b` is
 * `a/b.html` (or the asset `a/b`), `/a/` is `a/index.html`. The query and fragment are ignored.
 */
export function fileForPath(root: string, urlPath: string): string | undefined {
  const path = decodeURIComponent(urlPath.split(/[?#]/)[0]);
  if (path.includes('\0') || path.split('/').includes('..')) return undefined;
  const candidates = path.endsWith('/')
    ? [join(root, path, 'index.html')]
    : [join(root, path), join(root, `${path}.html`), join(root, path, 'index.html')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}
