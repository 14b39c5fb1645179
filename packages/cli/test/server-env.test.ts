import { join } from 'node:path';
import { helpText } from '../src/command/help-text';
import { parseCommandLine } from '../src/command/parse-command-line';
import { CliError } from '../src/errors/cli-error';
import { runCaptured } from './fixtures/run-captured';

// The SDK starts a stdio server with PATH, HOME, USER, SHELL, TERM and the like only; --env adds to that.

const server = ['--', process.execPath, join(__dirname, 'fixtures', 'env-server.cjs')];

describe('--env for a stdio server', () => {
  beforeAll(() => {
    process.env.FROM_TESSERA = 'passed on';
    process.env.NOT_PASSED = 'kept back';
  });
  afterAll(() => {
    delete process.env.FROM_TESSERA;
    delete process.env.NOT_PASSED;
  });

  it('sets NAME=value, passes on NAME from tessera, and keeps the default variables', async () => {
    const run = await runCaptured(['call', '--env', 'GREETING=hi=there', '--env', 'FROM_TESSERA', 'env', ...server]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      GREETING: 'hi=there',
      FROM_TESSERA: 'passed on',
      NOT_PASSED: null,
      path: true,
    });
  });

  it.each([
    [['tools', '--env', '1BAD=x', '--', 'srv'], '--env "1BAD=x" must look like NAME=value'],
    [
      ['tools', '--env', 'TESSERA_SURELY_UNSET_VAR', '--', 'srv'],
      "tessera's environment has no TESSERA_SURELY_UNSET_VAR",
    ],
    [['tools', '--env', 'A=b', 'http://127.0.0.1:1/mcp'], "--env sets a stdio server's environment"],
  ])('refuses %j with exit code 2', (argv, message) => {
    let error: unknown;
    try {
      parseCommandLine(argv, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain(message);
    expect((error as CliError).exitCode).toBe(2);
  });

  it('is in the help', () => {
    expect(helpText('all')).toContain('--env NAME=value');
  });
});
