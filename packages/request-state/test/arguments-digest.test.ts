import { createHash } from 'node:crypto';
import { argumentsDigest } from '@tessera/request-state';
import { canonicalJson } from '../src/binding/canonical-json';

describe('argumentsDigest', () => {
  it('is sha256 of the canonical JSON, first 16 bytes, base64url (22 chars)', async () => {
    const expected = createHash('sha256')
      .update('{"a":1,"b":[true,null,"x"]}')
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(argumentsDigest({ b: [true, null, 'x'], a: 1 })).toBe(expected);
    expect(expected).toHaveLength(22);
  });

  it('treats absent, null and {} alike', async () => {
    expect(argumentsDigest(undefined)).toBe(argumentsDigest({}));
    expect(argumentsDigest(null)).toBe(argumentsDigest({}));
  });

  it('sorts keys at every depth and ignores undefined members, as JSON would', async () => {
    expect(canonicalJson({ z: { y: 1, x: 2 }, a: [{ d: 1, c: 2 }], u: undefined })).toBe(
      '{"a":[{"c":2,"d":1}],"z":{"x":2,"y":1}}',
    );
  });

  it('escapes non-ASCII per UTF-16 unit, keeping lone surrogates distinct', async () => {
    expect(canonicalJson('é\ud800\udfff😀')).toBe('"\\u00e9\\ud800\\udfff\\ud83d\\ude00"');
    const digests = ['a\ud800', 'a\udfff', 'a\ufffd', 'a'].map((q) => argumentsDigest({ q }));
    expect(new Set(digests).size).toBe(4);
  });

  it('distinguishes types and structure', async () => {
    const variants = [{ n: 1 }, { n: '1' }, { n: [1] }, { n: { 0: 1 } }, { n: true }, { n: null }, { 'n ': 1 }];
    expect(new Set(variants.map((v) => argumentsDigest(v))).size).toBe(variants.length);
  });
});
