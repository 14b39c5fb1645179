import { createApp, InvalidConfigurationError, silentLogger } from '@tessera/core';
import { createLowLevelServer } from '@tessera/core/advanced';

const callTool = () => ({ content: [] });

describe('startup checks shared by createApp and createLowLevelServer', () => {
  test.each([
    [
      'createApp without a name',
      () => createApp({ name: ' ', version: '1', providers: [] }),
      /^The application module needs a non-empty name/,
    ],
    [
      'createApp without a version',
      () => createApp({ name: 'a', version: '', providers: [] }),
      /^Module "a" needs a version string\.$/,
    ],
    [
      'createApp with pageSize 0',
      () => createApp({ name: 'a', version: '1', providers: [], pageSize: 0 }),
      /^Module "a": pageSize must be a positive integer, got 0\.$/,
    ],
    [
      'low level without a name',
      () => createLowLevelServer({ name: '', version: '1', tools: [], callTool, logger: silentLogger }),
      /^createLowLevelServer needs a non-empty name/,
    ],
    [
      'low level without a version',
      () => createLowLevelServer({ name: 'l', version: '', tools: [], callTool, logger: silentLogger }),
      /^Server "l" needs a version string\.$/,
    ],
    [
      'low level with pageSize 1.5',
      () => createLowLevelServer({ name: 'l', version: '1', tools: [], callTool, pageSize: 1.5, logger: silentLogger }),
      /^Server "l": pageSize must be a positive integer, got 1\.5\.$/,
    ],
  ])('%s', (_what, build, message) => {
    expect(build).toThrow(InvalidConfigurationError);
    expect(build).toThrow(message);
  });
});
