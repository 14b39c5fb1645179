import { silentLogger, type LogFields } from '@tessera/core';
import { maskInternalError } from '../../src/errors/masked-internal-error';

describe('maskInternalError', () => {
  test('the client-safe text and the log line carry the same fresh reference, and only the log has the error', () => {
    const lines: Array<[string, LogFields | undefined]> = [];
    const logger = { ...silentLogger, error: (m: string, f?: LogFields) => void lines.push([m, f]) };
    const error = new Error('SECRET detail');
    const first = maskInternalError(logger, 'handler failed', { target: 't', error });
    const second = maskInternalError(logger, 'handler failed', { target: 't', error });
    expect(first).toMatch(/^Internal error \(ref [0-9a-f]{8}\)$/);
    expect(first).not.toBe(second);
    expect(lines[0]).toEqual(['handler failed', { target: 't', error, ref: first.slice(20, 28) }]);
    expect(first).not.toContain('SECRET');
  });
});
