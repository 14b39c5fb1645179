/** The parts of the SDK's AuthInfo a principal is built from. */
export interface PrincipalAuthInfo {
  clientId: string;
  extra?: Record<string, unknown>;
}

/**
 * The principal of verified auth: JSON of [clientId, issuer | null, subject | null], or null without auth.
 * Without a subject every user of one client shares a principal; the validator must supply `extra.sub`
 * (or `subject`) for per-user binding.
 */
export function principalFromAuthInfo(auth: PrincipalAuthInfo | undefined | null): string | null {
  if (auth === undefined || auth === null) return null;
  const { clientId, issuer, subject } = authIdentity(auth);
  return JSON.stringify([clientId, issuer, subject]);
}

/** Who verified auth describes: the client id, and issuer and subject from `extra` (`issuer`/`iss`, `subject`/`sub`). */
export function authIdentity(auth: PrincipalAuthInfo): { clientId: string; issuer: string | null; subject: string | null } {
  const extra = auth.extra ?? {};
  return { clientId: auth.clientId, issuer: firstId(extra['issuer'], extra['iss']), subject: firstId(extra['subject'], extra['sub']) };
}

/**
 * The first usable identifier among the candidates: a non-empty string, or a finite number (validators
 * that store numeric user ids) as its decimal text. Anything else is skipped, never silently merged.
 */
function firstId(...candidates: unknown[]): string | null {
  for (const value of candidates) {
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}
