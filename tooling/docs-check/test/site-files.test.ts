import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileForPath, sitePages } from '../src/site-files';

describe('a built site read with clean URLs', () => {
  const root = mkdtempSync(join(tmpdir(), 'docs-check-site-'));
  beforeAll(() => {
    mkdirSync(join(root, 'guide'));
    mkdirSync(join(root, 'tasks'));
    mkdirSync(join(root, 'assets'));
    for (const file of ['index.html', '404.html', 'guide/getting-started.html', 'tasks/index.html', 'assets/app.js'])
      writeFileSync(join(root, file), 'x');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('every page but the 404, as the path a browser asks for', () => {
    expect(sitePages(root)).toEqual(['/', '/guide/getting-started', '/tasks/']);
  });

  test('a path names its page or asset, with or without .html; a missing one names nothing', () => {
    expect(fileForPath(root, '/guide/getting-started')).toBe(join(root, 'guide/getting-started.html'));
    expect(fileForPath(root, '/guide/getting-started.html#next-steps')).toBe(join(root, 'guide/getting-started.html'));
    expect(fileForPath(root, '/tasks/')).toBe(join(root, 'tasks/index.html'));
    expect(fileForPath(root, '/tasks')).toBe(join(root, 'tasks/index.html'));
    expect(fileForPath(root, '/assets/app.js')).toBe(join(root, 'assets/app.js'));
    expect(fileForPath(root, '/guide/guards')).toBeUndefined();
    expect(fileForPath(root, '/guide/')).toBeUndefined();
    expect(fileForPath(root, '/../etc/passwd')).toBeUndefined();
  });
});
