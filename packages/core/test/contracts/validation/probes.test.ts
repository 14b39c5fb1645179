import 'reflect-metadata';
import { IsString } from 'class-validator';
import { Type } from 'class-transformer';
import { openValidationAccelerator } from '../../../src/accelerators/validation/validation-accelerators';
import { probeIndexedTargetMetadata } from '../../../src/accelerators/validation/indexed-target-metadata';
import { lazyShortcut } from '../../../src/accelerators/validation/shortcut';
import { VALIDATOR_OPTIONS } from '../../../src/validation/validator-options';

// Each validation shortcut checks what it shadows when it opens: a package outside its pinned minor, or a member
// gone, keeps it off with one warning (the public path then serves); TESSERA_ACCELERATORS=off keeps all off.

class Named {
  @IsString() name = 'a';
}
class Holder {
  @Type(() => Named) inner!: Named;
}

describe('the validation accelerator opens behind its switch and its probes', () => {
  test('TESSERA_ACCELERATORS=off: no accelerator, the public path', () => {
    expect(openValidationAccelerator({ env: { TESSERA_ACCELERATORS: 'off' } })).toBeUndefined();
    expect(openValidationAccelerator({ env: { TESSERA_ACCELERATORS: 'on' }, warn: jest.fn() })).toBeDefined();
    // by name: off:validation turns this one off, another name leaves it on
    expect(openValidationAccelerator({ env: { TESSERA_ACCELERATORS: 'off:lane,validation' } })).toBeUndefined();
    expect(openValidationAccelerator({ env: { TESSERA_ACCELERATORS: 'off:lane' }, warn: jest.fn() })).toBeDefined();
  });

  test('a value the switch does not take: off, with one warning naming it', () => {
    const warn = jest.fn();
    expect(openValidationAccelerator({ env: { TESSERA_ACCELERATORS: 'fast' }, warn })).toBeUndefined();
    expect(warn.mock.calls).toEqual([
      [expect.stringContaining('TESSERA_ACCELERATORS must be "on", "off" or "off:<name>,..."')],
    ]);
  });

  test('an unknown option is refused by name', () => {
    expect(() => openValidationAccelerator({ env: {}, wran: () => {} } as never)).toThrow(
      'openValidationAccelerator: "wran" is not an option; known: env, warn, versions.',
    );
  });

  test('class-validator outside 0.15: its shortcuts stay off, one warning each, however often asked', () => {
    const warn = jest.fn();
    const accelerator = openValidationAccelerator({ env: {}, warn, versions: { 'class-validator': '0.16.0' } })!;
    for (let i = 0; i < 3; i++) {
      expect(accelerator.validateSync!(new Named(), VALIDATOR_OPTIONS)).toBeUndefined();
      expect(accelerator.loadMember!('IsString')).toBeUndefined();
    }
    expect(warn.mock.calls.map(([message]) => (message as string).split(' stays off')[0])).toEqual([
      'validation accelerator cached-executor',
      'validation accelerator deep-members',
    ]);
    expect(warn.mock.calls[0]![0]).toContain('class-validator 0.16.0 is not the 0.15.x it was written for');
    // class-transformer's shortcut is pinned on its own package, still in range
    expect(accelerator.transformerType!(Holder, 'inner')).toEqual({ type: Named });
  });

  test('class-transformer outside 0.5: its storage is not read, one warning', () => {
    const warn = jest.fn();
    const accelerator = openValidationAccelerator({ env: {}, warn, versions: { 'class-transformer': '1.0.0' } })!;
    expect(accelerator.transformerType!(Holder, 'inner')).toBeUndefined();
    expect(accelerator.plainToInstance!(Named, { name: 'b' }, {})).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(
      /^validation accelerator transformer-storage stays off.*class-transformer 1\.0\.0/,
    );
  });

  test("a member the shortcut reads gone from class-transformer's storage: off, one warning naming it", () => {
    const { defaultMetadataStorage } = jest.requireActual<{ defaultMetadataStorage: Record<string, unknown> }>(
      'class-transformer/cjs/storage',
    );
    const kept = defaultMetadataStorage._excludeMetadatas;
    delete defaultMetadataStorage._excludeMetadatas;
    try {
      const warn = jest.fn();
      const accelerator = openValidationAccelerator({ env: {}, warn })!;
      expect(accelerator.transformerType!(Holder, 'inner')).toBeUndefined();
      expect(accelerator.transformerType!(Holder, 'inner')).toBeUndefined();
      expect(warn.mock.calls).toEqual([[expect.stringContaining('defaultMetadataStorage._excludeMetadatas (a Map)')]]);
    } finally {
      defaultMetadataStorage._excludeMetadatas = kept;
    }
  });

  test('the metadata index names what it misses in a storage of another shape', () => {
    expect(probeIndexedTargetMetadata({} as never)).toEqual([
      'MetadataStorage.validationMetadatas (a Map by target) is gone',
    ]);
  });

  test('a shortcut whose probe throws or lists anything is never made, and warns once', () => {
    const warn = jest.fn();
    const make = jest.fn(() => 'made');
    const open = lazyShortcut('demo', () => ['X.y()'], make, warn);
    expect([open(), open()]).toEqual([undefined, undefined]);
    const throwing = lazyShortcut(
      'demo2',
      () => {
        throw new Error('boom');
      },
      make,
      warn,
    );
    expect(throwing()).toBeUndefined();
    expect(make).not.toHaveBeenCalled();
    expect(warn.mock.calls).toEqual([
      ['validation accelerator demo stays off, the public path serves instead: X.y()'],
      ['validation accelerator demo2 stays off, the public path serves instead: the probe failed: boom'],
    ]);
    expect(lazyShortcut('ok', () => [], make, warn)()).toBe('made');
  });
});
