import { performance } from 'node:perf_hooks';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits';
import { checkArgumentBounds } from '../../src/limits/check-argument-bounds';
import { refuseByScan, scanRefusal, SCAN_FROM_BYTES } from '../../src/limits/refuse-by-scan';
import { SLICE_BYTES } from '../../src/limits/run-in-slices';
import { scanJsonStructure } from '../../src/limits/scan-json-structure';

const limits = { ...DEFAULT_REQUEST_LIMITS, maxArgumentKeys: 5, maxArrayItems: 3, maxArgumentDepth: 3 };
const bytes = (text: string) => Buffer.from(text, 'utf8');
const call = (args: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name: 'provision', arguments: args, ...extra },
  });
const counts = (text: string) => scanJsonStructure(bytes(text), DEFAULT_REQUEST_LIMITS)?.args; // deep enough to count everything
const six = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 };

/** The scan and the post-parse check give the same answer (the scan is never stricter). */
function agree(text: string): unknown {
  const scanned = scanRefusal(bytes(text), limits);
  expect(scanned).toEqual(checkArgumentBounds(JSON.parse(text), limits));
  return scanned;
}

describe('scanJsonStructure counts what checkArgumentBounds counts', () => {
  test('keys, items and depth of arguments only', () => {
    expect(counts(call({ a: [1, 2, { b: [] }], c: 'x' }))).toEqual({ keys: 3, items: 3, depth: 4 }); // the empty array is level 4, as the walk counts it
    expect(counts(call([]))).toEqual({ keys: 0, items: 0, depth: 1 });
    expect(counts(call([[], [[]], {}]))).toEqual({ keys: 0, items: 4, depth: 3 });
    expect(counts(JSON.stringify(JSON.parse(call({ a: [1, [2, 3]], b: {} })), null, 2))).toEqual({
      keys: 2,
      items: 4,
      depth: 3,
    }); // pretty-printed
    expect(counts(call({ a: [1] }).replace('[1]', '[ \n\t1 \r\n]'))).toEqual({ keys: 1, items: 1, depth: 2 });
  });

  test('quotes, backslashes, braces, colons and commas inside strings are not structure', () => {
    const text = call({ a: 'x:{"y":[1,2,3]}\\', b: '\\"}:,', 'k"e:y': '\u00e9\u{1F600}{[:,', '\\': '\\\\' });
    expect(counts(text)).toEqual({ keys: 4, items: 0, depth: 1 });
    expect(agree(text)).toBeUndefined();
  });

  test('an escaped quote or backslash at every position of short and long strings', () => {
    // strings up to 32 bytes are walked byte by byte, longer ones from quote to quote: both sides of the switch
    for (let at = 0; at < 70; at += 1) {
      for (const escape of ['\\"', '\\\\', '\\\\\\"', '\\u0022', '\\\\\\\\']) {
        const value = 'v'.repeat(at) + escape + 'w'.repeat(70 - at);
        const text = `{"id":1,"method":"tools/call","params":{"name":"n","arguments":{"s":"${value}","t":[1,2,3,4]}}}`;
        expect(JSON.parse(text).params.arguments.t).toHaveLength(4);
        expect(counts(text)).toEqual({ keys: 2, items: 4, depth: 2 });
      }
    }
  });

  test('unicode escapes and multi-byte characters', () => {
    expect(counts(call({ ключ: '日本語', emoji: '\u{1F600}'.repeat(40), esc: '\u0000\u001f' }))).toEqual({
      keys: 3,
      items: 0,
      depth: 1,
    });
    const escapedQuote =
      '{"id":1,"method":"tools/call","params":{"name":"n","arguments":{"a\\u0022:":"\\u005b\\u007b","b":1}}}';
    expect(counts(escapedQuote)).toEqual({ keys: 2, items: 0, depth: 1 });
  });

  test('depth exactly at the limit is accepted, one more is refused, for objects and arrays', () => {
    expect(agree(call({ a: { b: { c: 1 } } }))).toBeUndefined();
    expect(agree(call([[[1]]]))).toBeUndefined();
    expect(agree(call({ a: [{}] }))).toBeUndefined();
    expect(agree(call({ a: { b: { c: {} } } }))).toMatchObject({
      error: { message: expect.stringContaining('limits.maxArgumentDepth') },
    });
    expect(agree(call([[[[]]]]))).toMatchObject({
      error: { message: expect.stringContaining('limits.maxArgumentDepth') },
    });
    // far deeper than the limit: the rest is stepped over, and what follows is still read
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    expect(agree(`{"id":1,"method":"tools/call","params":{"arguments":${deep},"name":"late"}}`)).toMatchObject({
      error: { message: expect.stringContaining('tool "late"') },
    });
  });

  test('"arguments" inside strings, or at another level, is not the arguments', () => {
    const inString = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: '"arguments":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}',
        arguments: { note: '"arguments":[1,2,3,4,5]' },
      },
    };
    expect(agree(JSON.stringify(inString))).toBeUndefined();
    const top = { jsonrpc: '2.0', id: 1, method: 'tools/call', arguments: six, params: { name: 'n', arguments: {} } };
    expect(agree(JSON.stringify(top))).toBeUndefined();
    const nested = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'n', _meta: { arguments: six }, inputResponses: { q: { arguments: six } } },
    };
    expect(agree(JSON.stringify(nested))).toBeUndefined();
    const insideArgs = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'n', arguments: { arguments: { a: 1, b: 2, c: 3, d: 4, e: 5 } } },
    };
    expect(agree(JSON.stringify(insideArgs))).toMatchObject({
      error: { message: expect.stringContaining('limits.maxArgumentKeys') },
    }); // 6 keys in all
  });

  test('escaped envelope names are read as JSON.parse reads them; the last duplicate wins', () => {
    const escaped =
      '{"jsonrpc":"2.0","\\u0069d":1,"method":"tools/call","p\\u0061rams":{"name":"t","\\u0061rguments":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}}}';
    expect(agree(escaped)).toMatchObject({ id: 1 });
    const lastArguments =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6},"arguments":{}}}';
    expect(agree(lastArguments)).toBeUndefined();
    const lastParams =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}},"params":{"name":"u"}}';
    expect(agree(lastParams)).toBeUndefined();
    const laterOver =
      '{"id":"x","method":"prompts/get","params":{"arguments":{},"name":"a"},"params":{"name":"b","arguments":[1,2,3,4]},"id":"y"}';
    expect(agree(laterOver)).toMatchObject({
      id: 'y',
      error: {
        message:
          'Invalid arguments for prompt "b": arguments hold more than 3 array items in all (limits.maxArrayItems)',
      },
    });
  });

  test('a name repeated inside arguments is counted each time it is sent (a deliberate difference)', () => {
    // JSON.parse keeps one "a", so the post-parse check accepts; the scan bounds what was sent instead
    const repeated =
      '{"id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1,"a":1,"a":1,"a":1,"a":1,"a":1}}}';
    expect(checkArgumentBounds(JSON.parse(repeated), limits)).toBeUndefined();
    expect(scanRefusal(bytes(repeated), limits)).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('limits.maxArgumentKeys') },
    });
  });

  test('envelope keys (_meta, inputResponses) never count against the arguments', () => {
    const meta = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`k${i}`, { deep: { deeper: { deepest: [1, 2, 3, 4, 5] } } }]),
    );
    expect(agree(call({ a: 1 }, { _meta: meta, inputResponses: meta }))).toBeUndefined();
  });

  test('each bound gives the same -32602 as the post-parse check, naming depth, then items, then keys', () => {
    expect(agree(call(six))).toMatchObject({
      id: 7,
      error: { code: -32602, message: expect.stringContaining('limits.maxArgumentKeys') },
    });
    expect(agree(call({ a: [1, 2, 3, 4] }))).toMatchObject({
      error: { message: expect.stringContaining('limits.maxArrayItems') },
    });
    expect(agree(call({ ...six, x: [1, 2, 3, 4] }))).toMatchObject({
      error: { message: expect.stringContaining('limits.maxArrayItems') },
    });
    expect(agree(call({ ...six, x: [1, 2, 3, 4], y: { z: { w: {} } } }))).toMatchObject({
      error: { message: expect.stringContaining('limits.maxArgumentDepth') },
    });
    expect(agree(call({ a: 1, b: 2, c: 3, d: 4, e: 5 }))).toBeUndefined(); // exactly at the key bound
    expect(agree(call({ a: [1, 2], b: [3] }))).toBeUndefined(); // exactly at the item bound
  });

  test('not a call, a notification, not one JSON object: left to JSON.parse and the SDK', () => {
    const text = call(six);
    expect(
      scanRefusal(
        bytes(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { arguments: six } })),
        limits,
      ),
    ).toBeUndefined();
    expect(
      scanRefusal(bytes(JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { arguments: six } })), limits),
    ).toBeUndefined();
    // an id of null (or any non-string, non-number) is answered with null, as the post-parse check does
    expect(
      agree(JSON.stringify({ jsonrpc: '2.0', id: null, method: 'tools/call', params: { arguments: six } })),
    ).toMatchObject({ id: null });
    expect(
      scanRefusal(bytes(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: [six] })), limits),
    ).toBeUndefined();
    expect(scanRefusal(bytes(text.slice(0, -3)), limits)).toBeUndefined(); // truncated
    expect(scanRefusal(bytes(text + ' x'), limits)).toBeUndefined(); // JSON.parse refuses trailing text
    expect(scanRefusal(bytes('[' + text + ']'), limits)).toBeUndefined(); // a batch
    // a BOM is not refused by the faces: TextDecoder drops it before JSON.parse (byte-order-mark-prescan.test.ts)
    expect(scanRefusal(bytes('\ufeff' + text), limits)).toEqual(scanRefusal(bytes(text), limits));
    expect(scanRefusal(bytes(''), limits)).toBeUndefined();
    expect(scanRefusal(bytes(' \n' + text + '\n '), limits)).toBeDefined(); // surrounding whitespace is fine
  });

  test('bodies under SCAN_FROM_BYTES are left to the post-parse check (parsing them costs less than scanning)', async () => {
    const small = bytes(call(six));
    expect(await refuseByScan(small, limits)).toBeUndefined();
    const padded = bytes(call({ ...six, pad: 'p'.repeat(SCAN_FROM_BYTES) }));
    expect(await refuseByScan(padded, limits)).toMatchObject({
      error: { message: expect.stringContaining('limits.maxArgumentKeys') },
    });
  });

  test('a large body is scanned in slices, with turns of the event loop in between', async () => {
    const args: Record<string, number> = {};
    for (let i = 0; i < 100_000; i += 1) args[`extra${i}`] = i;
    const body = bytes(
      call(args, { _meta: Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`m${i}`, [i]])) }),
    );
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const refusal = await refuseByScan(body, DEFAULT_REQUEST_LIMITS);
    ticking = false;
    expect(refusal).toMatchObject({ error: { message: expect.stringContaining('limits.maxArgumentKeys') } });
    // one turn per SLICE_BYTES at least, counting the arguments and the _meta after them
    expect(turns).toBeGreaterThanOrEqual(Math.floor(body.length / SLICE_BYTES / 2)); // run at once, it would be 0 or 1
  });

  test('scanning 4 MiB of keys costs a fraction of parsing it', () => {
    const args: Record<string, number> = {};
    for (let i = 0; i < 260_000; i += 1) args[`k${i}`] = i;
    const text = call(args);
    const body = bytes(text);
    expect(body.length).toBeGreaterThan(4_000_000);
    // best of three each, in the same run: a busy machine slows both alike, a preempted run is dropped
    const best = (work: () => unknown) =>
      Math.min(
        ...[0, 1, 2].map(() => {
          const t = performance.now();
          work();
          return performance.now() - t;
        }),
      );
    const scanMs = best(() => scanRefusal(body, DEFAULT_REQUEST_LIMITS)); // the scan's work, without the turns it gives the loop
    const parseMs = best(() => JSON.parse(text));
    process.stdout.write(
      `scan of ${body.length} bytes: ${scanMs.toFixed(1)} ms; JSON.parse: ${parseMs.toFixed(1)} ms\n`,
    );
    expect(scanRefusal(body, DEFAULT_REQUEST_LIMITS)).toBeDefined();
    expect(scanMs).toBeLessThan(parseMs / 2);
  });
});
