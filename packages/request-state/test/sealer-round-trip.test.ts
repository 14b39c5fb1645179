import { RequestStateSecurity, RequestStateTooLargeError } from '@tessera/request-state';
import { takeRandomBytes } from '../src/crypto/random-pool';
import { CALL, KEY_A } from './helpers';

const big = new RequestStateSecurity({ keys: [KEY_A], maxTokenLength: 256 * 1024 }).forServer('srv');
const allCodeUnits = String.fromCharCode(...Array.from({ length: 0x800 }, (_, i) => i));

describe('sealer round trips of JSON state', () => {
  it.each<[string, unknown]>([
    ['empty string', ''],
    ['empty object', {}],
    ['null', null],
    ['false', false],
    ['zero', 0],
    ['unicode', { text: 'héllo ✓ 漢字 🎉', rtl: 'مرحبا' }],
    ['lone surrogates', ['\ud800', '\udfff', 'a\ud800b']],
    ['the first 2048 code units', allCodeUnits],
    ['64 KiB', 'x'.repeat(64 * 1024)],
    ['nested', { a: [1, { b: [true, null, 1.5e-7] }] }],
  ])('%s', async (_, state) => {
    expect(await big.open(await big.seal(state, CALL), CALL)).toEqual(state);
  });

  it('refuses to mint over the default 16 KiB bound, naming the sizes', async () => {
    const bounded = new RequestStateSecurity({ keys: [KEY_A] }).forServer('srv');
    await expect(bounded.seal('x'.repeat(16 * 1024), CALL)).rejects.toThrow(RequestStateTooLargeError);
    await expect(bounded.seal('x'.repeat(16 * 1024), CALL)).rejects.toThrow(/over maxTokenLength \(16384\)/);
    expect(await bounded.open(await bounded.seal('x'.repeat(8 * 1024), CALL), CALL)).toHaveLength(8 * 1024);
  });

  it('the random pool never hands out the same bytes twice, across refills', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(Buffer.from(takeRandomBytes(12)).toString('hex'));
    expect(seen.size).toBe(2000);
    const kept = takeRandomBytes(16);
    const copy = Buffer.from(kept);
    for (let i = 0; i < 600; i++) takeRandomBytes(12); // forces a refill of the pool
    expect(kept).toEqual(copy); // handed-out bytes are copies, untouched by refills
  });
});
