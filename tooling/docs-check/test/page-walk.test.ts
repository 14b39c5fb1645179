import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageWalk } from '../src/page-walk';

const DOCS = join(__dirname, '..', '..', '..', 'docs');
const PAGE = join(DOCS, 'guide', 'getting-started.md');
const FROM = '## A complete small example';
const TO = '## Next steps';

describe('the getting-started page as check:release walks it', () => {
  const steps = pageWalk(readFileSync(PAGE, 'utf8'), join(DOCS, 'guide'), DOCS, FROM, TO);
  const runs = steps.flatMap((s) => (s.kind === 'run' ? [s.command] : []));
  const files = steps.flatMap((s) => (s.kind === 'write' ? [s.file] : []));

  test('starts an empty folder and installs the server packages with a pinned TypeScript', () => {
    expect(runs[0]).toBe('npm init -y');
    expect(runs).toContainEqual(expect.stringMatching(/^npm install @tessera\/core .*reflect-metadata/));
    expect(runs).toContainEqual(expect.stringMatching(/^npm install --save-dev typescript@~\d+\.\d+\.\d+ /));
    expect(runs).toContain('npm install @tessera/client @modelcontextprotocol/client');
  });

  test('shows the tsconfig, the server and the client as files to save, before they are compiled', () => {
    expect(files).toEqual(['tsconfig.json', 'server.ts', 'client.ts']);
    const tsconfig = steps.find((s) => s.kind === 'write' && s.file === 'tsconfig.json');
    expect(tsconfig?.kind === 'write' && JSON.parse(tsconfig.text).compilerOptions).toMatchObject({
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    });
    expect(runs.at(-1)).toBe('npx tsc && node dist/client.js');
    expect(steps.at(-1)?.kind).toBe('run');
  });
});

describe('pageWalk', () => {
  let docs: string;
  beforeEach(() => {
    docs = mkdtempSync(join(tmpdir(), 'page-walk-'));
    writeFileSync(join(docs, 'a.json'), '{}\n');
  });
  afterEach(() => rmSync(docs, { recursive: true, force: true }));
  const walk = (page: string) => pageWalk(page, docs, docs, '## Here', '## Next');

  test('runs sh lines without their comments, saves labelled includes, names the section of each step', () => {
    const page = [
      '## Here',
      '```sh',
      'npm init -y   # a comment',
      '# only a comment',
      '```',
      '### Sub',
      '`a.json` (shown):',
      '',
      '<<< @/a.json',
      '```sh',
      'npx tsc',
      '```',
      '## Next',
      '```sh',
      'not walked',
      '```',
    ].join('\n');
    expect(walk(page)).toEqual([
      { kind: 'run', section: '## Here', line: 3, command: 'npm init -y' },
      { kind: 'write', section: '### Sub', line: 9, file: 'a.json', text: '{}\n' },
      { kind: 'run', section: '### Sub', line: 11, command: 'npx tsc' },
    ]);
  });

  test('refuses a missing heading, an unlabelled include and an unclosed fence, naming them', () => {
    expect(() => walk('## Elsewhere\n## Next')).toThrow('the page has no "## Here" heading');
    expect(() => walk('## Here\n<<< @/a.json\n## Next')).toThrow(/## Here \(line 2\): an include with no/);
    expect(() => walk('## Here\n```sh\nnpm init -y\n## Next')).toThrow('## Here: a ```sh fence is not closed');
  });
});
