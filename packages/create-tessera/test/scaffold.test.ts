import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PEER_RANGES, projectNameProblem, scaffold } from '../src/index';

const ROOT = path.resolve(__dirname, '../../..');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'create-tessera-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('create-tessera', () => {
  test('writes a project: tool, @Elicit tool, prompt, flow tests, README, start scripts, decorator settings', () => {
    const { directory, files } = scaffold({
      name: 'my-server',
      directory: path.join(dir, 'my-server'),
      tesseraVersion: '1.2.3',
    });
    expect(files).toEqual([
      '.gitignore',
      'README.md',
      'package.json',
      'src/app.module.ts',
      'src/http.ts',
      'src/stdio.ts',
      'src/tickets.provider.ts',
      'test/tickets.test.ts',
      'tsconfig.json',
    ]);
    const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-server');
    expect(manifest.scripts).toMatchObject({
      dev: 'tessera dev',
      start: 'node dist/src/stdio.js',
      'start:http': 'node dist/src/http.js',
      test: expect.stringContaining('node --test'),
    });
    expect(manifest.dependencies['@tessera/core']).toBe('^1.2.3');
    expect(manifest.devDependencies['@tessera/testing']).toBe('^1.2.3');
    // `npm run dev` runs the tessera bin of @tessera/cli, released with the others
    expect(manifest.devDependencies['@tessera/cli']).toBe('^1.2.3');
    const tsconfig = JSON.parse(readFileSync(path.join(directory, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions).toMatchObject({ experimentalDecorators: true, emitDecoratorMetadata: true });
    const provider = readFileSync(path.join(directory, 'src/tickets.provider.ts'), 'utf8');
    expect(provider).toMatch(/@Tool\(/);
    expect(provider).toMatch(/@Elicit</);
    expect(provider).toMatch(/@Prompt\(/);
    expect(readFileSync(path.join(directory, 'src/app.module.ts'), 'utf8')).toContain("name: 'my-server'");
    for (const file of files) expect(readFileSync(path.join(directory, file), 'utf8')).not.toMatch(/__[A-Z_]+(__|@)/);
  });

  test('the peer ranges it writes are the ones the Tessera packages declare', () => {
    const declared: Record<string, string> = {};
    for (const pkg of ['core', 'client', 'testing']) {
      const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', pkg, 'package.json'), 'utf8'));
      for (const [name, range] of Object.entries<string>(manifest.peerDependencies ?? {}))
        if (!name.startsWith('@tessera/')) declared[name] = range;
    }
    expect(PEER_RANGES).toEqual(declared);
  });

  test('a bad name or a folder with files is refused, naming the problem', () => {
    expect(projectNameProblem('My-Server')).toBe('it has uppercase letters');
    expect(projectNameProblem('@acme/tickets')).toBeUndefined();
    expect(() => scaffold({ name: 'my server', directory: path.join(dir, 'x') })).toThrow(
      /"my server" cannot be a project name: it may only hold/,
    );
    writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    expect(() => scaffold({ name: 'my-server', directory: dir })).toThrow(
      `create-tessera: ${dir} already exists and is not empty`,
    );
    expect(readFileSync(path.join(dir, 'keep.txt'), 'utf8')).toBe('mine');
  });
});
