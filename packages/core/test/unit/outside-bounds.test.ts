import { createApp, InvalidConfigurationError, silentLogger } from '@tessera/core';
import { createLowLevelServer } from '@tessera/core/advanced';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../../src/limits/request-limits';
import { checkArgumentBounds } from '../../src/limits/check-argument-bounds';
import { checkOutsideBounds } from '../../src/limits/check-outside-bounds';
import { scanRefusal } from '../../src/limits/refuse-by-scan';
import { scanJsonStructure } from '../../src/limits/scan-json-structure';

// Members (keys and array items) and depth outside a call's arguments: counted by the scan as by the
// post-parse walk, refused by both with the same -32602.
const bytes = (text: string) => Buffer.from(text, 'utf8');
const request = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 7, method, params });
const outside = (text: string) => scanJsonStructure(bytes(text), DEFAULT_REQUEST_LIMITS)?.outside;
const limits = (members: number, depth: number): ResolvedRequestLimits => ({
  ...DEFAULT_REQUEST_LIMITS,
  maxMembersOutsideArguments: members,
  maxDepthOutsideArguments: depth,
});
const postParse = (text: string, l: ResolvedRequestLimits) => {
  const message = JSON.parse(text);
  return checkArgumentBounds(message, l) ?? checkOutsideBounds(message, l);
};

/** Both checks give `text` the same answer under `l`; returns the error message, if any. */
function agree(text: string, l: ResolvedRequestLimits): string | undefined {
  const scanned = scanRefusal(bytes(text), l);
  expect(scanned).toEqual(postParse(text, l));
  return (scanned as { error?: { message: string } } | undefined)?.error?.message;
}

// 4 top keys + name, arguments, _meta + 1 key in _meta + 3 items + x: 12 members; request 1, params 2,
// _meta 3, the array 4, {x} 5. The arguments ({a: {b: 1}}) are not counted for tools/call.
const CALL = request('tools/call', { name: 'p', arguments: { a: { b: 1 } }, _meta: { k: [1, 2, { x: null }] } });

describe('counting outside arguments', () => {
  test('every key and array item outside the kept arguments, and the deepest level', () => {
    expect(outside(CALL)).toEqual({ members: 12, depth: 5 });
    expect(agree(CALL, limits(12, 5))).toBeUndefined();
    expect(agree(CALL, limits(11, 5))).toBe(
      'Invalid request for tool "p": the request holds more than 11 keys and array items outside arguments (limits.maxMembersOutsideArguments)',
    );
    expect(agree(CALL, limits(12, 4))).toBe(
      'Invalid request for tool "p": the request nests deeper than 4 levels outside arguments (limits.maxDepthOutsideArguments)',
    );
    expect(agree(CALL, limits(1, 4))).toMatch(/nests deeper than 4 levels/); // depth is named first, as for arguments
  });

  test('inputResponses, a top-level member and a params that is an array count too', () => {
    const retry = request('tools/call', {
      name: 'p',
      arguments: {},
      inputResponses: { q1: { action: 'accept', content: { region: 'eu' } } },
    });
    expect(outside(retry)).toEqual({ members: 4 + 3 + 4, depth: 5 });
    const top = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', extra: { a: [1, 2] } });
    expect(outside(top)).toEqual({ members: 4 + 1 + 2, depth: 3 });
    expect(agree(top, limits(6, 8))).toMatch(/^Invalid request for ping: the request holds more than 6 keys/);
    const listParams = request('tools/list', [1, [2]]);
    expect(outside(listParams)).toEqual({ members: 4 + 3, depth: 3 });
    expect(agree(listParams, limits(6, 8))).toMatch(/more than 6 keys and array items/);
  });

  test('a method that takes no arguments has its params.arguments counted with the rest', () => {
    const list = request('tools/list', { arguments: { a: [1, 2, 3] } });
    expect(outside(list)).toEqual({ members: 4 + 1, depth: 2 }); // the scan keeps arguments apart; the refusal folds them in
    expect(agree(list, limits(9, 8))).toBeUndefined();
    expect(agree(list, limits(8, 8))).toMatch(/^Invalid request for tools\/list: the request holds more than 8/);
    expect(agree(request('resources/read', { uri: 'x', arguments: { a: { b: { c: {} } } } }), limits(100, 5))).toMatch(
      /nests deeper than 5 levels/,
    );
  });

  test('arguments over their own limits are named first, as the post-parse checks name them', () => {
    const l = { ...limits(5, 8), maxArgumentKeys: 1 };
    expect(
      agree(request('tools/call', { name: 'p', arguments: { a: 1, b: 2 }, _meta: { c: [1, 2, 3, 4, 5, 6] } }), l),
    ).toMatch(/^Invalid arguments for tool "p": arguments hold more than 1 keys/);
  });

  test('a value discarded by a repeated params or arguments name counts in the scan alone (the bound is on what is sent)', () => {
    const repeated =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"p","arguments":{"a":[1,2,3,4,5,6,7,8,9]},"arguments":{}}}';
    expect(outside(repeated)).toEqual({ members: 4 + 3 + 1 + 9, depth: 4 });
    expect(postParse(repeated, limits(10, 8))).toBeUndefined(); // JSON.parse kept the empty one
    expect((scanRefusal(bytes(repeated), limits(10, 8)) as { error: { message: string } }).error.message).toMatch(
      /more than 10 keys and array items outside arguments/,
    );
    const params = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"a":1,"b":2,"c":3}},"params":{}}';
    expect(outside(params)).toEqual({ members: 4 + 1 + 1 + 3, depth: 3 });
  });

  test('the post-parse walk stops at the first level past the depth bound (no stack overflow)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'p', arguments: {}, _meta: { deep } },
    };
    expect(
      (checkOutsideBounds(message, DEFAULT_REQUEST_LIMITS) as { error: { message: string } }).error.message,
    ).toMatch(/nests deeper than 32 levels outside arguments/);
  });

  test('a notification or a response is left alone (no id, or no method: nothing to answer with -32602)', () => {
    const big = { a: Array.from({ length: 20 }, (_, i) => i) };
    expect(
      checkOutsideBounds({ jsonrpc: '2.0', method: 'notifications/progress', params: big }, limits(5, 8)),
    ).toBeUndefined();
    expect(checkOutsideBounds({ jsonrpc: '2.0', id: 1, result: big }, limits(5, 8))).toBeUndefined();
  });
});

describe('the limits are checked when the app is created', () => {
  const build = (l: unknown) => () =>
    createApp({ name: 'o', version: '1', providers: [], logger: silentLogger, limits: l as never });
  test('positive integers at or above a floor that still serves real requests, each named', () => {
    expect(build({ maxMembersOutsideArguments: 0 })).toThrow(
      'Module "o": limits.maxMembersOutsideArguments must be a positive integer, got 0.',
    );
    expect(build({ maxDepthOutsideArguments: 2.5 })).toThrow(
      /limits.maxDepthOutsideArguments must be a positive integer, got 2.5/,
    );
    expect(build({ maxMembersOutsideArguments: 99 })).toThrow(InvalidConfigurationError);
    expect(build({ maxMembersOutsideArguments: 99 })).toThrow(
      /^Module "o": limits.maxMembersOutsideArguments must be at least 100 \(.+\), got 99\.$/,
    );
    expect(build({ maxDepthOutsideArguments: 7 })).toThrow(/limits.maxDepthOutsideArguments must be at least 8/);
    expect(build({ toString: 1 })).toThrow(/limits: "toString" is not an option/);
    expect(build({ maxMembersOutsideArguments: 100, maxDepthOutsideArguments: 8 })).not.toThrow();
    const low = () =>
      createLowLevelServer({
        name: 'll',
        version: '1',
        logger: silentLogger,
        limits: { maxDepthOutsideArguments: 3 },
        tools: [],
        callTool: () => ({ content: [] }),
      });
    expect(low).toThrow(/^Server "ll": limits.maxDepthOutsideArguments must be at least 8/);
  });
});
