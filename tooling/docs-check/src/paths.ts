import { join, resolve } from 'node:path';

/** The repository root, from this file's place in `tooling/docs-check/dist/`. */
export const repoRoot = resolve(__dirname, '..', '..', '..');

/** What `npm run docs:build` writes (VitePress's default output folder). */
export const siteDir = join(repoRoot, 'docs', '.vitepress', 'dist');

/** Screenshots land here (git-ignored). */
export const screenshotDir = join(repoRoot, '.docs-check');

/** Debian's Chromium, the browser the check drives (as the Inspector check's). */
export const chromiumPath = '/usr/bin/chromium';
