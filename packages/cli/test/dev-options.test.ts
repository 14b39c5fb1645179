import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDevOptions, DEFAULT_DEV_PORT } from '../src/dev/dev-options';
import { projectTsc } from '../src/dev/tsc-watch';
import { runCaptured } from './fixtures/run-captured';
import { CliError } from '../src/errors/cli-error';

function refusal(argv: string[]): CliError {
  try {
    parseDevOptions(argv);
  } catch (error) {
    return error as CliError;
  }
  throw new Error(`parseDevOptions accepted ${argv.join(' ')}`);
}

describe('tessera dev options', () => {
  it('defaults: HTTP on the default port, tsconfig.json, tsc --watch -p, no entry', () => {
    expect(parseDevOptions([])).toEqual({
      port: DEFAULT_DEV_PORT,
      stdio: false,
      inspector: false,
      project: 'tsconfig.json',
      build: false,
    });
  });

  it('reads every option and the entry', () => {
    expect(
      parseDevOptions([
        '--port',
        '4000',
        '--inspector',
        '-p',
        'tsconfig.app.json',
        '-b',
        '--export',
        'app',
        'dist/a.js',
      ]),
    ).toEqual({
      entry: 'dist/a.js',
      exportName: 'app',
      port: 4000,
      stdio: false,
      inspector: true,
      project: 'tsconfig.app.json',
      build: true,
    });
    expect(parseDevOptions(['--stdio'])).toMatchObject({ stdio: true });
    expect(parseDevOptions(['--port', '0'])).toMatchObject({ port: 0 });
  });

  it('answers --help', () => {
    expect(parseDevOptions(['--help'])).toEqual({ help: true });
    expect(parseDevOptions(['-h', '--port', 'x'])).toEqual({ help: true });
  });

  it.each([
    [['--port', 'abc'], '--port "abc" must be a whole number from 0 to 65535'],
    [['--port', '70000'], '--port "70000" must be a whole number'],
    [['--port', '-1'], 'dev: '],
    [['--stdio', '--inspector'], '--inspector connects over HTTP; it cannot be used with --stdio'],
    [['--stdio', '--port', '3000'], '--port is for HTTP; it cannot be used with --stdio'],
    [['a.js', 'b.js'], 'dev takes one entry; unexpected "b.js"'],
    [['--watch'], "Unknown option '--watch'"],
  ])('refuses %j with exit code 2 and the reason', (argv, reason) => {
    const error = refusal(argv);
    expect(error).toBeInstanceOf(CliError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(reason);
  });
});

describe('tessera dev --help', () => {
  it('shows the options, an example and the exit codes', async () => {
    const run = await runCaptured(['dev', '--help']);
    expect(run.code).toBe(0);
    for (const option of ['--port <n>', '--stdio', '--inspector', '--project <file>', '--build', '--export <name>'])
      expect(run.stdout).toContain(option);
    expect(run.stdout).toContain('Example:\n  tessera dev ');
    expect(run.stdout).toMatch(
      /Exit codes: 0 stopped with Ctrl\+C .*; 1 tsc stopped by itself .*;\n2 a wrong command line/,
    );
    expect((await runCaptured(['help', 'dev'])).stdout).toBe(run.stdout);
    expect((await runCaptured(['--help'])).stdout).toContain('tessera dev [--port n] [--inspector] [entry]');
  });

  it('refuses a wrong command line with exit code 2 before starting anything', async () => {
    const run = await runCaptured(['dev', '--stdio', '--inspector']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('tessera: dev: --inspector connects over HTTP');
  });

  it('refuses with exit code 2 a project without a tsconfig, or without TypeScript', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tessera-dev-options-'));
    try {
      const noConfig = await runCaptured(['dev'], empty);
      expect(noConfig.code).toBe(2);
      expect(noConfig.stderr).toContain(`tsconfig.json does not exist; give the project's tsconfig with --project`);
      writeFileSync(join(empty, 'tsconfig.json'), '{}');
      const noTypescript = await runCaptured(['dev', '--project', 'tsconfig.json'], empty);
      expect(noTypescript.code).toBe(2);
      expect(noTypescript.stderr).toContain(`TypeScript is not installed in ${empty}`);
      const notCompiled = await runCaptured(['dev', 'src/app.module.ts'], empty);
      expect(notCompiled.code).toBe(2);
      expect(notCompiled.stderr).toContain('src/app.module.ts is not a compiled JavaScript file');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("tessera dev's compiler", () => {
  it("is the project's own tsc, found through its bin even when exports leave bin/tsc out (TypeScript 7)", () => {
    const project = mkdtempSync(join(tmpdir(), 'tessera-dev-tsc-'));
    try {
      const typescript = join(project, 'node_modules', 'typescript');
      mkdirSync(typescript, { recursive: true });
      writeFileSync(
        join(typescript, 'package.json'),
        JSON.stringify({
          name: 'typescript',
          version: '7.0.2',
          exports: { './package.json': './package.json' },
          bin: { tsc: './bin/tsc' },
        }),
      );
      expect(projectTsc(project)).toBe(join(typescript, 'bin', 'tsc'));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
