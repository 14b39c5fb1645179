import { performance } from 'node:perf_hooks';
import { DEFAULT_REQUEST_LIMITS } from '../../src/app/request-limits';
import { checkArgumentBounds } from '../../src/server/check-argument-bounds';
import { refuseByScan, scanJsonStructure } from '../../src/server/scan-json-structure';

const limits = { ...DEFAULT_REQUEST_LIMITS, maxArgumentKeys: 5, maxArrayItems: 3, maxArgumentDepth: 3 };
const call = (args: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'provision', arguments: args, ...extra } });

/** The scan and the post-parse check give the same answer (the scan is never stricter). */
function agree(text: string): unknown {
  const scanned = refuseByScan(text, limits);
  expect(scanned).toEqual(checkArgumentBounds(JSON.parse(text), limits));
  return scanned;
}

describe('scanJsonStructure', () => {
  test('counts keys, items and depth of arguments only', () => {
    expect(scanJsonStructure(call({ a: [1, 2, { b: [] }], c: 'x' }))!.args).toEqual({ keys: 3, items: 3, depth: 4 }); // the empty array is level 4, as the walk counts it
    expect(scanJsonStructure(call([]))!.args).toEqual({ keys: 0, items: 0, depth: 1 });
  });

  test('braces, colons, commas and escaped quotes inside strings are not structure', () => {
    const text = call({ a: 'x:{"y":[1,2,3]}\\', b: '\\"}:,', 'k"e:y': '\u00e9\u{1F600}{[:,' });
    expect(scanJsonStructure(text)!.args).toEqual({ keys: 3, items: 0, depth: 1 });
    expect(agree(text)).toBeUndefined();
  });

  test('escaped envelope names are read as JSON.parse reads them; the last duplicate wins', () => {
    const escaped = '{"jsonrpc":"2.0","\\u0069d":1,"method":"tools/call","p\\u0061rams":{"name":"t","\\u0061rguments":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}}}';
    expect(agree(escaped)).toBeDefined();
    const lastWins = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6},"arguments":{}}}';
    expect(agree(lastWins)).toBeUndefined();
  });

  test('envelope keys (_meta, inputResponses) never count against the arguments', () => {
    const meta = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, { deep: { deeper: { deepest: [1, 2, 3, 4, 5] } } }]));
    expect(agree(call({ a: 1 }, { _meta: meta, inputResponses: meta }))).toBeUndefined();
  });

  test('each bound gives the same -32602 as the post-parse check', () => {
    expect(agree(call({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }))).toMatchObject({ id: 7, error: { code: -32602, message: expect.stringContaining('limits.maxArgumentKeys') } });
    expect(agree(call({ a: [1, 2, 3, 4] }))).toMatchObject({ error: { message: expect.stringContaining('limits.maxArrayItems') } });
    expect(agree(call({ a: { b: { c: {} } } }))).toMatchObject({ error: { message: expect.stringContaining('limits.maxArgumentDepth') } });
    expect(agree(call({ a: { b: { c: 1 } } }))).toBeUndefined(); // exactly at the depth bound
    expect(agree(call({ a: 1, b: 2, c: 3, d: 4, e: 5 }))).toBeUndefined(); // exactly at the key bound
  });

  test('not a call, a notification, or not JSON: left to JSON.parse and the SDK', () => {
    const big = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 };
    expect(refuseByScan(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { arguments: big } }), limits)).toBeUndefined();
    expect(refuseByScan(JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { arguments: big } }), limits)).toBeUndefined();
    expect(refuseByScan(call(big).slice(0, -3), limits)).toBeUndefined();
    expect(refuseByScan('[' + call(big) + ']', limits)).toBeUndefined();
  });

  test('a 4 MiB body is scanned in a few milliseconds', () => {
    const args: Record<string, number> = {};
    for (let i = 0; i < 260_000; i += 1) args[`k${i}`] = i;
    const text = call(args);
    expect(text.length).toBeGreaterThan(4_000_000);
    refuseByScan(text, DEFAULT_REQUEST_LIMITS);
    const started = performance.now();
    const refusal = refuseByScan(text, DEFAULT_REQUEST_LIMITS);
    const ms = performance.now() - started;
    const parseStart = performance.now();
    JSON.parse(text);
    const parseMs = performance.now() - parseStart;
    process.stdout.write(`scan of ${text.length} bytes: ${ms.toFixed(1)} ms (JSON.parse: ${parseMs.toFixed(1)} ms)\n`);
    expect(refusal).toBeDefined();
    expect(ms).toBeLessThan(parseMs);
  });
});
