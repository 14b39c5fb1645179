import { hostHeaderValidationResponse, localhostAllowedHostnames } from '@modelcontextprotocol/server';
import { acceptedHost } from '../../src/node/accepted-host';
import { loopbackAllowedHosts } from '../../src/node/loopback-hosts';
import { pick } from '../support/random-json';
import { seededRandom } from '../support/seeded-random';

/**
 * listen's quick Host check (accepted-host.ts) on seeded random headers: every header it accepts, the SDK's
 * DNS rebinding check accepts too, and it accepts the usual ones. The seed is printed so a failure can be
 * replayed (HOST_FUZZ_SEED).
 */
const SEED = Number(process.env.HOST_FUZZ_SEED ?? Date.now() % 1_000_000);
const CASES = 20000;
const PIECES = [
  'localhost',
  'LocalHost',
  '127.0.0.1',
  '127.0.0.2',
  '127.1',
  '[::1]',
  '::1',
  '[0:0:0:0:0:0:0:1]',
  'example.com',
  'EXAMPLE.org',
  'xn--bcher-kva.example',
  'bücher.example',
  ':',
  ':80',
  ':0',
  ':65535',
  ':65536',
  ':08080',
  ':99999',
  ':123456',
  ':-1',
  ':+1',
  ' ',
  '\t',
  '.',
  '@',
  '%2e',
  '/',
  '?',
  '#',
  '\\',
  '[',
  ']',
  'a',
];
const ALLOWED = [
  localhostAllowedHostnames(),
  loopbackAllowedHosts('127.0.0.2'),
  loopbackAllowedHosts('::1'),
  ['example.com', 'EXAMPLE.org', 'bücher.example', 'a@example.com', 'example.com:80', '127.1', ''],
];

const sdkAccepts = (host: string | null, allowed: string[]) =>
  hostHeaderValidationResponse({ headers: { get: () => host } } as unknown as Request, allowed) === undefined;

it(`accepts only Host headers the SDK's check accepts (seed ${SEED}; HOST_FUZZ_SEED=${SEED} replays it)`, () => {
  const next = seededRandom(SEED);
  let accepted = 0;
  for (let i = 0; i < CASES; i++) {
    const allowed = pick(next, ALLOWED);
    let host = '';
    for (let n = 1 + Math.floor(next() * 3); n > 0; n--) host += pick(next, PIECES);
    if (!acceptedHost(allowed)(host)) continue;
    accepted++;
    if (!sdkAccepts(host, allowed)) expect({ seed: SEED, case: i, host, allowed }).toBe('accepted by the SDK too');
  }
  expect(accepted).toBeGreaterThan(CASES / 50);
});

it('accepts the usual loopback headers, with and without a port, and leaves everything else to the SDK', () => {
  const accepted = acceptedHost(loopbackAllowedHosts('127.0.0.1'));
  for (const host of ['127.0.0.1', '127.0.0.1:3000', 'localhost:8080', '[::1]:443', 'localhost'])
    expect(accepted(host)).toBe(true);
  for (const host of [null, '', 'LOCALHOST', 'localhost:', 'localhost:65536', 'evil.example', 'localhost:80:80'])
    expect(accepted(host)).toBe(false);
  expect(acceptedHost(['EXAMPLE.org'])('EXAMPLE.org')).toBe(false);
});
