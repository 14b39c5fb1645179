import { Client } from '@modelcontextprotocol/client';
import { checkCodecAssumptions } from '../../../src/accelerators/result-validator/check-codec-assumptions';
import { decideResultValidator } from '../../../src/accelerators/result-validator/result-validator-accelerator';
import { specResultValidator } from '../../../src/accelerators/result-validator/spec-result-validator';

/*
 * The cached result validator's start-up probe and switch: on the installed SDK nothing it relies on changed;
 * a client without the codec lookup, or a codec whose verdicts changed, is named; then the accelerator stays
 * off with one warning and every leg takes the SDK's own validator. TESSERA_ACCELERATORS=off turns it off
 * without probing.
 */

describe('checkCodecAssumptions', () => {
  test('the installed SDK has everything the validator reads', () => {
    expect(checkCodecAssumptions()).toEqual([]);
  });

  test('a client without the codec lookup is named', () => {
    expect(checkCodecAssumptions(() => ({}))).toEqual(['Client._resolveOutboundCodec()']);
    expect(
      checkCodecAssumptions(() => {
        throw new Error('new constructor');
      }),
    ).toEqual(['Client cannot be constructed with an identity alone']);
  });

  test('a codec whose verdicts changed is named, each verdict on its own', () => {
    const withVerdict = (validateResult: (method: string, value: unknown) => unknown) => () => ({
      _resolveOutboundCodec: () => ({ validateResult }),
    });
    expect(checkCodecAssumptions(() => ({ _resolveOutboundCodec: () => ({}) }))).toEqual([
      'the codec of Client._resolveOutboundCodec() (no validateResult())',
    ]);
    expect(checkCodecAssumptions(withVerdict(() => ({ ok: true })))).toEqual([
      "validateResult() (a malformed result is no longer 'invalid' with a message)",
      "validateResult() (a method outside the era is no longer 'not-in-era')",
    ]);
    expect(
      checkCodecAssumptions(
        withVerdict(() => {
          throw new TypeError('renamed');
        }),
      ),
    ).toHaveLength(3);
  });

  test('a real client whose lookup is gone is named (the member read by shape)', () => {
    expect(
      checkCodecAssumptions(() => {
        const client = new Client({ name: 'c', version: '1' });
        Object.defineProperty(client, '_resolveOutboundCodec', { value: undefined });
        return client;
      }),
    ).toEqual(['Client._resolveOutboundCodec()']);
  });
});

describe('decideResultValidator', () => {
  test('on by default when nothing changed: the validator built once per codec', () => {
    const warn = jest.fn();
    expect(decideResultValidator({ env: {}, warn })).toBe(specResultValidator);
    expect(decideResultValidator({ env: { TESSERA_ACCELERATORS: 'on' }, warn })).toBe(specResultValidator);
    expect(warn).not.toHaveBeenCalled();
  });

  test('TESSERA_ACCELERATORS=off: the public path, without probing or warning', () => {
    const changed = jest.fn(() => ['anything']);
    const warn = jest.fn();
    expect(decideResultValidator({ env: { TESSERA_ACCELERATORS: 'off' }, changed, warn })).toBeUndefined();
    expect(decideResultValidator({ env: { TESSERA_ACCELERATORS: 'off:result-validator' }, changed, warn })).toBe(
      undefined,
    );
    expect(changed).not.toHaveBeenCalled();
    expect(decideResultValidator({ env: { TESSERA_ACCELERATORS: 'off:node-http' }, warn })).toBe(specResultValidator);
    expect(warn).not.toHaveBeenCalled();
  });

  test('a changed SDK: the public path, with one warning naming what changed', () => {
    const warn = jest.fn();
    expect(decideResultValidator({ env: {}, changed: () => ['Client._resolveOutboundCodec()'], warn })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(
      /result validator is off.*Client\._resolveOutboundCodec\(\).*TESSERA_ACCELERATORS=off/,
    );
  });

  test('any other switch value is refused, naming what it takes', () => {
    expect(() => decideResultValidator({ env: { TESSERA_ACCELERATORS: 'no' } })).toThrow(
      'TESSERA_ACCELERATORS must be "on", "off" or "off:<name>,..." (or unset), got "no"',
    );
  });
});
