import { ConsoleLogger } from '@tessera/core';

describe('ConsoleLogger', () => {
  function capture(options: ConstructorParameters<typeof ConsoleLogger>[0] = {}) {
    const lines: Record<string, unknown>[] = [];
    const logger = new ConsoleLogger({ ...options, write: (l) => void lines.push(JSON.parse(l)) });
    return { logger, lines };
  }

  test('redacts secrets and payloads at any depth, keeps the rest', () => {
    const { logger, lines } = capture();
    logger.warn('refused', {
      reason: 'expired',
      requestState: 'v1.abc',
      nested: { authorization: 'Bearer x', apiKey: 'k', ok: 1 },
      arguments: { card: '4111' },
    });
    expect(lines[0]).toMatchObject({
      level: 'warn',
      message: 'refused',
      reason: 'expired',
      requestState: '[redacted]',
      nested: { authorization: '[redacted]', apiKey: '[redacted]', ok: 1 },
      arguments: '[redacted]',
    });
    expect(JSON.stringify(lines)).not.toMatch(/abc|Bearer x|4111/);
  });

  test('redacts the fields the application marks sensitive', () => {
    const { logger, lines } = capture({ sensitiveFields: ['ssn'] });
    logger.info('user', { ssn: '123-45-6789', name: 'Ada' });
    expect(lines[0]).toMatchObject({ ssn: '[redacted]', name: 'Ada' });
  });

  test('honours the level', () => {
    const { logger, lines } = capture({ level: 'warn' });
    logger.info('quiet');
    logger.debug('quieter');
    logger.error('loud', { error: new Error('boom') });
    expect(lines.map((l) => l.message)).toEqual(['loud']);
    expect(lines[0].error).toMatchObject({ name: 'Error', message: 'boom' });
  });

  test('writes to process.stderr by default, and to console.error where there is no process (Workers)', () => {
    const written = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const consoled = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'process')!;
    try {
      new ConsoleLogger().warn('on node');
      expect(written).toHaveBeenCalledWith(expect.stringMatching(/"message":"on node".*\n$/));
      Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
      const logger = new ConsoleLogger();
      logger.warn('on workerd');
      Object.defineProperty(globalThis, 'process', saved);
      expect(consoled).toHaveBeenCalledWith(expect.stringMatching(/"message":"on workerd"/));
      expect(written).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(globalThis, 'process', saved);
      written.mockRestore();
      consoled.mockRestore();
    }
  });
});
