import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ProtocolError } from '@modelcontextprotocol/server';
import { base64urlToBytes, bytesToBase64, bytesToBase64url } from '../../src/encoding/base64';
import { readLimitedBytes, utf8Text } from '../../src/limits/read-limited-body';
import { toReadResourceResult } from '../../src/call-adapter/normalize-results';
import { paginate } from '../../src/server/paginate';

// Buffer appears below only as the reference the web-standard code must match byte for byte.

const SRC = path.join(__dirname, '..', '..', 'src');
const items = Array.from({ length: 250 }, (_, i) => i);

function refusedCursor(cursor: string): unknown {
  try {
    paginate(items, cursor, 100);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('base64 without Buffer', () => {
  test('every length from 0 to 70 and a 200 KB blob encode exactly as Buffer does, both alphabets', () => {
    const sizes = [...Array.from({ length: 71 }, (_, i) => i), 200_000];
    for (const size of sizes) {
      const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 151 + size) & 0xff);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect(bytesToBase64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      expect(base64urlToBytes(bytesToBase64url(bytes))).toEqual(bytes);
    }
  });

  test('non-ASCII text survives the round trip through UTF-8', () => {
    const text = 'Zürich → 東京 🚀';
    const encoded = bytesToBase64url(new TextEncoder().encode(text));
    expect(encoded).toBe(Buffer.from(text, 'utf8').toString('base64url'));
    expect(new TextDecoder().decode(base64urlToBytes(encoded))).toBe(text);
  });

  test('text that is not unpadded base64url decodes to nothing', () => {
    for (const bad of ['é', 'bzo🚀', 'bz+x', 'bz/x', 'bzoxMA==', 'abcde', ' bzox'])
      expect(base64urlToBytes(bad)).toBeUndefined();
  });
});

describe('cursors', () => {
  test('a cursor minted with Buffer (an instance still on the old build) opens the same page', () => {
    const old = Buffer.from('o:100', 'utf8').toString('base64url');
    expect(paginate(items, undefined, 100).nextCursor).toBe(old);
    expect(paginate(items, old, 100).page[0]).toBe(100);
  });

  test.each([
    ['non-ASCII characters', 'ö🚀'],
    ['base64url of non-UTF-8 bytes', Buffer.from([0x6f, 0x3a, 0xff, 0xfe]).toString('base64url')],
    ['base64url of non-ASCII digits (fullwidth "o:１００")', Buffer.from('o:１００', 'utf8').toString('base64url')],
    ['base64url of an accented prefix ("ö:100")', Buffer.from('ö:100', 'utf8').toString('base64url')],
    ['standard-alphabet padding', 'bzoxMDA='],
  ])('%s: refused with -32602 and what to send instead', (_what, cursor) => {
    const error = refusedCursor(cursor);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Invalid cursor: pass the nextCursor of a previous page'),
    });
  });
});

describe('the rest of the root entry', () => {
  test("a binary resource becomes a base64 blob equal to Buffer's", () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) & 0xff);
    const result = toReadResourceResult(bytes, 'file:///blob', { meta: { kind: 'resource' } } as never);
    expect(result.contents[0]).toEqual({
      uri: 'file:///blob',
      mimeType: 'application/octet-stream',
      blob: Buffer.from(bytes).toString('base64'),
    });
  });

  test('a body streamed in chunks that split a multi-byte character reads back whole', async () => {
    const bytes = new TextEncoder().encode('{"name":"Zürich 🚀"}');
    const cut = bytes.indexOf(0xf0) + 2; // inside the 4-byte rocket
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, cut));
        controller.enqueue(bytes.subarray(cut));
        controller.close();
      },
    });
    const request = new Request('http://localhost/mcp', { method: 'POST', body, duplex: 'half' } as RequestInit);
    const read = await readLimitedBytes(request, 1000);
    expect(typeof read === 'string' ? read : utf8Text(read)).toBe('{"name":"Zürich 🚀"}');
  });

  test('no source outside src/node uses Buffer or a node: module (they are missing on Workers and the edge)', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (file !== path.join(SRC, 'node')) walk(file);
        } else if (entry.name.endsWith('.ts')) {
          // type-only imports are erased from the emitted code, so they reach no runtime
          const code = readFileSync(file, 'utf8')
            .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
            .replace(/^import type [^;]*;/gm, '');
          if (/\bBuffer\b|from ['"]node:/.test(code)) offenders.push(path.relative(SRC, file));
        }
      }
    };
    walk(SRC);
    expect(offenders).toEqual([]);
  });
});
