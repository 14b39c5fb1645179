import { UnusableAuthInfoError } from '../errors/unusable-auth-info.error';

/** The parts of the SDK's AuthInfo a principal is built from. */
export interface PrincipalAuthInfo {
  clientId: string;
  extra?: Record<string, unknown>;
}

/**
 * The principal of verified auth: JSON of [clientId, issuer | null, subject | null], or null without auth.
 * Without a subject every user of one client shares a principal; the validator must supply `extra.sub`
 * (or `subject`) for per-user binding. A part that is present but unusable throws UnusableAuthInfoError.
 */
export function principalFromAuthInfo(auth: PrincipalAuthInfo | undefined | null): string | null {
  if (auth === undefined || auth === null) return null;
  const { clientId, issuer, subject } = authIdentity(auth);
  return JSON.stringify([clientId, issuer, subject]);
}

/**
 * Who verified auth describes: the client id, and issuer and subject from `extra` (`issuer`/`iss`,
 * `subject`/`sub`). Absent (undefined or null) means "not given"; a value that is present but unusable
 * (object, boolean, empty string, NaN...) with no usable spelling beside it throws UnusableAuthInfoError
 * naming the field, so a broken verifier never quietly widens the binding to the client id.
 */
export function authIdentity(auth: PrincipalAuthInfo): {
  clientId: string;
  issuer: string | null;
  subject: string | null;
} {
  if (typeof auth.clientId !== 'string' || auth.clientId === '')
    throw new UnusableAuthInfoError('clientId', kindOf(auth.clientId));
  const extra = auth.extra ?? {};
  return {
    clientId: auth.clientId,
    issuer: firstId(extra, ['issuer', 'iss']),
    subject: firstId(extra, ['subject', 'sub']),
  };
}

/**
 * The first usable identifier among the spellings: a non-empty string, or a finite number (validators
 * that store numeric user ids) as its decimal text. An unusable spelling beside a usable one is ignored
 * (some verifiers put an issuer object under `issuer` and the URL under `iss`).
 */
function firstId(extra: Record<string, unknown>, keys: readonly string[]): string | null {
  let unusable: string | undefined;
  for (const key of keys) {
    const value = extra[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (value !== undefined && value !== null) unusable ??= key;
  }
  if (unusable !== undefined) throw new UnusableAuthInfoError(`extra.${unusable}`, kindOf(extra[unusable]));
  return null;
}

function kindOf(value: unknown): string {
  if (value === '') return 'an empty string';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return `the number ${String(value)}`; // NaN or Infinity: says why, reveals no id
  if (value === null) return 'null';
  const type = typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
