import { TscWatchOutput } from '../src/dev/tsc-watch-output';

describe('reading tsc --watch output', () => {
  it('sees a build start and end without errors, across chunk boundaries', () => {
    const output = new TscWatchOutput();
    expect(output.feed('08:36:03 AM - Starting compilation in watch mode...\n\n08:36:04 AM - Found 0 err')).toEqual([
      { type: 'compiling' },
    ]);
    expect(output.feed('ors. Watching for file changes.\n')).toEqual([{ type: 'done', errors: 0, diagnostics: '' }]);
  });

  it('keeps the diagnostics of a failed incremental build (TypeScript 5 and 7 print the same lines)', () => {
    const output = new TscWatchOutput();
    const events = output.feed(
      [
        '08:36:05 AM - File change detected. Starting incremental compilation...',
        '',
        "src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.",
        '08:36:05 AM - Found 1 error. Watching for file changes.',
        '',
      ].join('\n'),
    );
    expect(events).toEqual([
      { type: 'compiling' },
      {
        type: 'done',
        errors: 1,
        diagnostics: "src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      },
    ]);
  });

  it('reads --pretty output: colours around the timestamp, kept in the diagnostics', () => {
    const output = new TscWatchOutput();
    const red = '\u001b[91merror\u001b[0m';
    const events = output.feed(
      [
        '[\u001b[90m8:36:05 AM\u001b[0m] File change detected. Starting incremental compilation...',
        `src/a.ts:1:7 - ${red} TS2322: nope`,
        '[\u001b[90m8:36:05 AM\u001b[0m] Found 2 errors. Watching for file changes.',
        '',
      ].join('\r\n'),
    );
    expect(events).toEqual([
      { type: 'compiling' },
      { type: 'done', errors: 2, diagnostics: `src/a.ts:1:7 - ${red} TS2322: nope` },
    ]);
  });

  it('keeps what tsc says when it stops without a build (a tsconfig it cannot read)', () => {
    const output = new TscWatchOutput();
    expect(output.feed("error TS5083: Cannot read file '/p/tsconfig.json'.\n")).toEqual([]);
    expect(output.leftover()).toBe("error TS5083: Cannot read file '/p/tsconfig.json'.");
  });
});
