import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Each package README (the page npm shows) opens as a landing page: what the package is, then a **Docs:** line
// pointing into the docs site (docs/), where the user guide lives, rather than into the root README's sections.
const ROOT = path.resolve(__dirname, '../../..');
const OPENING_LINES = 12;

const packages = readdirSync(path.join(ROOT, 'packages')).filter((dir) =>
  existsSync(path.join(ROOT, 'packages', dir, 'package.json')),
);
const readme = (dir: string) => readFileSync(path.join(ROOT, 'packages', dir, 'README.md'), 'utf8');
const siteLinks = (text: string) => [...text.matchAll(/\]\(\.\.\/\.\.\/(docs\/[^)#\s]+)/g)].map((m) => m[1]!);

describe('package READMEs as landing pages', () => {
  test.each(packages)('%s opens with a Docs line that links into the site or the architecture map', (dir) => {
    const opening = readme(dir).split('\n').slice(0, OPENING_LINES);
    const docs = opening.find((line) => line.startsWith('**Docs:**'));
    expect(docs).toBeDefined();
    expect(siteLinks(docs!).length + (docs!.includes('](../../ARCHITECTURE.md)') ? 1 : 0)).toBeGreaterThan(0);
  });

  test.each(packages)('%s keeps to a landing page (at most 60 lines; the detail is in the site)', (dir) => {
    expect(readme(dir).split('\n').length).toBeLessThanOrEqual(60);
  });

  test('no package README sends the reader to a section of the root README', () => {
    const offenders = packages.filter((dir) => /(repository's|root|main) README/.test(readme(dir)));
    expect(offenders).toEqual([]);
  });

  test('every site page a package README links is a page of docs/, where the site has been built from', () => {
    const links = [...new Set(packages.flatMap((dir) => siteLinks(readme(dir))))];
    expect(links.length).toBeGreaterThan(packages.length);
    for (const link of links) expect(link).toMatch(/^docs\/[a-z-]+\/[a-z-]+\.md$/);
    // the site's pages arrive with docs/.vitepress; from then on each link must name one of them
    if (existsSync(path.join(ROOT, 'docs', '.vitepress')))
      expect(links.filter((link) => !existsSync(path.join(ROOT, link)))).toEqual([]);
  });
});
