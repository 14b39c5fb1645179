import { InvalidRequestStateError } from '../errors/invalid-request-state.error';

export const CLAIMS_VERSION = 1;

/** The sealed payload. Short names keep tokens small; times are seconds since the epoch, fractions allowed. */
export interface RequestStateClaims {
  v: number;
  iat: number;
  exp: number;
  /** method */
  m: string;
  /** tool/prompt name or resource URI */
  t: string;
  /** arguments digest */
  a: string;
  aud?: string;
  /** salted principal claim */
  p?: string;
  /** the handler's plaintext state */
  s: unknown;
  /** a random nonce, stamped under a single-use policy (consumed once, on the retry) */
  n?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses an unsealed payload, refusing anything that is not a complete claim set of this version. */
export function parseClaims(bytes: Uint8Array): RequestStateClaims {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    throw new InvalidRequestStateError('bad_payload');
  }
  if (!isClaims(value)) throw new InvalidRequestStateError('bad_payload');
  if (value.v !== CLAIMS_VERSION) throw new InvalidRequestStateError('wrong_version');
  return value;
}

function isClaims(value: unknown): value is RequestStateClaims {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims['v'] === 'number' &&
    typeof claims['iat'] === 'number' &&
    typeof claims['exp'] === 'number' &&
    typeof claims['m'] === 'string' &&
    typeof claims['t'] === 'string' &&
    typeof claims['a'] === 'string' &&
    optionalString(claims['aud']) &&
    optionalString(claims['p']) &&
    optionalString(claims['n']) &&
    Object.prototype.hasOwnProperty.call(claims, 's')
  );
}

function optionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}
