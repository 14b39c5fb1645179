import { requestPath } from '../../src/node/request-path';

describe('requestPath', () => {
  // every target gives what URL gives; the plain ones without parsing one
  const targets = [
    '/mcp',
    '/mcp?x=1',
    '/mcp/',
    '/',
    '',
    '/a_b-c~d/e',
    '/a//b',
    '/mcp?',
    '/mcp?a=/b?c',
    '//mcp',
    '//evil.example/mcp',
    '/./mcp',
    '/x/../mcp',
    '/%6Dcp',
    '/m%20cp',
    '/mcp#frag',
    '/mcp\\x',
    '/MCP',
    'mcp',
    '/é',
  ];

  it.each(targets)('%j has the pathname URL gives it', (target) => {
    expect(requestPath(target)).toBe(new URL(target, 'http://localhost').pathname);
  });

  it('reads a missing target as /', () => {
    expect(requestPath(undefined)).toBe('/');
  });

  it('does not parse a URL for a plain path', () => {
    const Real = globalThis.URL;
    let parsed = 0;
    globalThis.URL = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        parsed += 1;
      }
    } as typeof URL;
    try {
      expect(requestPath('/mcp?x=1')).toBe('/mcp');
      expect(parsed).toBe(0);
      expect(requestPath('/x/../mcp')).toBe('/mcp');
      expect(parsed).toBe(1);
    } finally {
      globalThis.URL = Real;
    }
  });
});
