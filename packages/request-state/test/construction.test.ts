import { TESSERA_ERROR_BRAND } from '@tessera/common';
import {
  RequestStateConfigError,
  RequestStateError,
  RequestStateSecurity,
  type RequestStateCodec,
} from '@tessera/request-state';
import { KEY_A, KEY_B } from './helpers';

const HINT = `Generate one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`;
const codec: RequestStateCodec = { seal: () => 'x', unseal: () => new Uint8Array() };

function configError(options: unknown): RequestStateConfigError {
  try {
    new RequestStateSecurity(options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestStateConfigError);
    expect((error as RequestStateConfigError).code).toBe('TESSERA_REQUEST_STATE_CONFIG');
    return error as RequestStateConfigError;
  }
  throw new Error('construction did not throw');
}

describe('RequestStateSecurity construction errors', () => {
  it.each<[string, unknown, string]>([
    [
      'a short string key, naming index and length',
      { keys: [KEY_A, 'too short'] },
      `RequestStateSecurity: keys[1] is 9 bytes; each key must be at least 32 bytes (strings count as UTF-8). ${HINT}`,
    ],
    [
      'a 31-byte binary key',
      { keys: [new Uint8Array(31)] },
      `RequestStateSecurity: keys[0] is 31 bytes; each key must be at least 32 bytes (strings count as UTF-8). ${HINT}`,
    ],
    [
      'an empty list',
      { keys: [] },
      `RequestStateSecurity: keys is empty; pass at least one key of 32 bytes or more. ${HINT}`,
    ],
    [
      'a duplicate key',
      { keys: [KEY_A, KEY_B, KEY_A] },
      'RequestStateSecurity: keys[2] is the same key as keys[0]; list each key once',
    ],
    [
      'a duplicate across string and bytes',
      { keys: [KEY_A, new TextEncoder().encode(KEY_A)] },
      'RequestStateSecurity: keys[1] is the same key as keys[0]; list each key once',
    ],
    [
      'a non-key type',
      { keys: [KEY_A, 42] },
      'RequestStateSecurity: keys[1] must be a Uint8Array or a string, got number',
    ],
    ['keys that are not a list', { keys: KEY_A }, 'RequestStateSecurity: keys must be an array of keys, got string'],
    [
      'both keys and codec',
      { keys: [KEY_A], codec },
      'RequestStateSecurity: pass exactly one of keys or codec, not both',
    ],
    [
      'neither',
      {},
      'RequestStateSecurity: pass exactly one of keys or codec, got neither; for a process-local key use RequestStateSecurity.ephemeral()',
    ],
    [
      'a codec without unseal',
      { codec: { seal: () => '' } },
      'RequestStateSecurity: codec must have seal(bytes) and unseal(token) methods',
    ],
    [
      'ttl 0',
      { keys: [KEY_A], ttl: 0 },
      'RequestStateSecurity: ttl must be a positive, finite number of seconds, got 0',
    ],
    [
      'ttl negative',
      { keys: [KEY_A], ttl: -1 },
      'RequestStateSecurity: ttl must be a positive, finite number of seconds, got -1',
    ],
    [
      'ttl NaN',
      { keys: [KEY_A], ttl: NaN },
      'RequestStateSecurity: ttl must be a positive, finite number of seconds, got NaN',
    ],
    [
      'ttl infinite',
      { keys: [KEY_A], ttl: Infinity },
      'RequestStateSecurity: ttl must be a positive, finite number of seconds, got Infinity',
    ],
    [
      'ttl as a string',
      { keys: [KEY_A], ttl: '600' },
      'RequestStateSecurity: ttl must be a positive, finite number of seconds, got 600',
    ],
    [
      'maxTokenLength 0',
      { keys: [KEY_A], maxTokenLength: 0 },
      'RequestStateSecurity: maxTokenLength must be a positive integer, got 0',
    ],
    [
      'an empty audience',
      { keys: [KEY_A], audience: '' },
      'RequestStateSecurity: audience must be a non-empty string, got ""',
    ],
  ])('refuses %s', async (_, options, message) => {
    expect(configError(options).message).toBe(message);
  });

  it('accepts a 32-byte key exactly, sub-second ttls, and copies binary keys', async () => {
    const key = new Uint8Array(32).fill(7);
    const security = new RequestStateSecurity({ keys: [key], ttl: 0.25, audience: 'srv' });
    const sealer = security.forServer(undefined);
    const token = await sealer.seal('s', { method: 'tools/call', target: 't' });
    key.fill(8); // editing the caller's array afterwards must not change the key ring
    expect(await sealer.open(token, { method: 'tools/call', target: 't' })).toBe('s');
    expect(security.ttl).toBe(0.25);
    expect(new RequestStateSecurity({ keys: [KEY_A] }).ttl).toBe(600);
  });

  it('refuses an explicit policy with neither audience nor server name, at forServer', async () => {
    const security = new RequestStateSecurity({ keys: [KEY_A] });
    const expected =
      "RequestStateSecurity: an explicit policy needs an audience: pass { audience } or give the server a name, so that servers sharing a key cannot accept each other's tokens";
    expect(() => security.forServer(undefined)).toThrow(new RequestStateConfigError(expected));
    expect(() => security.forServer('')).toThrow(expected);
    expect(() => new RequestStateSecurity({ codec }).forServer(undefined)).toThrow(expected);
    expect(security.forServer('billing').audience).toBe('billing');
    expect(new RequestStateSecurity({ keys: [KEY_A], audience: 'explicit' }).forServer('billing').audience).toBe(
      'explicit',
    );
  });

  it('ephemeral: needs no audience, uses the server name when given, and is flagged', async () => {
    const security = RequestStateSecurity.ephemeral();
    expect(security.isEphemeral).toBe(true);
    expect(security.forServer(undefined).audience).toBeUndefined();
    expect(security.forServer('srv').audience).toBe('srv');
    expect(new RequestStateSecurity({ keys: [KEY_A] }).isEphemeral).toBe(false);
  });

  it('ephemeral policies are mutually unintelligible', async () => {
    const binding = { method: 'tools/call', target: 't' } as const;
    const one = RequestStateSecurity.ephemeral().forServer('srv');
    const two = RequestStateSecurity.ephemeral().forServer('srv');
    const token = await one.seal({ secret: 1 }, binding);
    expect(await one.open(token, binding)).toEqual({ secret: 1 });
    await expect(two.open(token, binding)).rejects.toThrow('Invalid or expired requestState');
  });

  it("config errors carry the request-state brand (not core's: each package recognises its own errors)", async () => {
    const error = configError({});
    expect(RequestStateError.isInstance(error)).toBe(true);
    expect((error as unknown as Record<symbol, unknown>)[TESSERA_ERROR_BRAND]).toBe('@tessera/request-state');
    expect(error.name).toBe('RequestStateConfigError');
  });
});
