// The SDK's OAuth client reports some conditions with console.warn (a configured client id read before the SDK has
// stamped it with its authorization server, SEP-2352; a refused client it drops and registers again). In a test that
// causes them on purpose they are expected output, not noise: this captures console.warn for every test of the file
// instead of printing it, and fails a test that warned anything else.
export const SDK_WARNINGS = {
  unstampedCredential: /^\[mcp-sdk\] SEP-2352: stored OAuth credential has no 'issuer' stamp/,
  clientRefused: /^\[mcp-sdk\] OAuth "invalid_client" — invalidating the stored client credentials/,
} as const;

export interface CapturedWarnings {
  /** The lines warned so far by the current test. */
  readonly lines: string[];
}

/** Call at a describe's top level: each test's console.warn lines are captured and must match `expected`. */
export function captureSdkWarnings(expected: readonly RegExp[]): CapturedWarnings {
  const captured: CapturedWarnings = { lines: [] };
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    captured.lines.length = 0;
    spy = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      captured.lines.push(args.map(String).join(' '));
    });
  });
  afterEach(() => {
    spy?.mockRestore();
    const unexpected = captured.lines.filter((line) => !expected.some((pattern) => pattern.test(line)));
    expect(unexpected).toEqual([]);
  });
  return captured;
}
