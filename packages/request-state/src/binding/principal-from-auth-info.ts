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
  const extra = auth.extra ?? {};
  return JSON.stringify([auth.clientId, stringOrNull(extra['issuer'] ?? extra['iss']), stringOrNull(extra['subject'] ?? extra['sub'])]);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
