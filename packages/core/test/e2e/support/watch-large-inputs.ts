import * as structure from '../../../src/limits/scan-json-structure';

/** Inputs over this many bytes or characters are the test's own large bodies, not the small calls beside them. */
const LARGE = 1_000_000;

/**
 * Counts, while `work` runs, the pre-parse scans and the JSON.parse calls of large inputs (the server under
 * test shares this process): how a test shows that a body was scanned once and never parsed.
 */
export async function watchLargeInputs<T>(
  work: () => Promise<T>,
): Promise<{ result: T; scans: number; parses: number }> {
  const scan = jest.spyOn(structure, 'scanSteps');
  const parse = jest.spyOn(JSON, 'parse');
  try {
    const result = await work();
    const scans = scan.mock.calls.filter(([bytes]) => bytes.length > LARGE).length;
    const parses = parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length > LARGE).length;
    return { result, scans, parses };
  } finally {
    scan.mockRestore();
    parse.mockRestore();
  }
}
