import { StepRunner } from '../src/check/step-runner';

describe('StepRunner (the lines the Inspector check prints)', () => {
  let lines: string[];
  let log: jest.SpyInstance;
  beforeEach(() => {
    lines = [];
    log = jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  });
  afterEach(() => log.mockRestore());

  test('one line per step; after a failure the rest are skipped, not run', async () => {
    const runner = new StepRunner(3);
    let ranAfterFailure = false;
    await runner.step('first', async () => 'note');
    await runner.step('second', async () => {
      throw new Error('expected the form to be visible\ncall log: ...');
    });
    await runner.step('third', async () => {
      ranAfterFailure = true;
    });
    expect(ranAfterFailure).toBe(false);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ok {3} 1\/3 first -> note \(\d+\.\d s\)$/);
    expect(lines[1]).toMatch(/^FAIL {2}2\/3 second \(\d+\.\d s\): expected the form to be visible$/);
    expect(lines[2]).toBe('skip  3/3 third');
    expect(runner.failed).toBe('second: expected the form to be visible');
  });

  test('abort() skips what follows and keeps the abort as the reason', async () => {
    const runner = new StepRunner(2);
    runner.abort('the check did not finish within 170 s');
    await runner.step('first', async () => undefined);
    expect(lines).toEqual(['skip  1/2 first']);
    expect(runner.failed).toBe('the check did not finish within 170 s');
  });
});
