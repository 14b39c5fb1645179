import { parseDevOptions, DEFAULT_DEV_PORT } from '../src/dev/dev-options';
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
