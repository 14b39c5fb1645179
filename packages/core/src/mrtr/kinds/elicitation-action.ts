import type { ReadAnswer } from '../checked-answer';

/**
 * The part every elicitation answer shares: a decline or cancel is a valid answer in itself; anything but
 * accept, decline or cancel is refused; `undefined` means "accepted, check the content".
 */
export function readDeclineOrCancel(response: Record<string, unknown>): ReadAnswer | undefined {
  const action = response.action;
  if (action === 'decline' || action === 'cancel') return { ok: true, action, value: { action } };
  if (action !== 'accept') return { ok: false, reason: 'action is not accept, decline or cancel' };
  return undefined;
}

/** What `elicitation` a client declared: `{}` (bare, which means form), `{ form }`, `{ url }`, or both. */
export function declaredElicitation(caps: { elicitation?: unknown }): { form?: unknown; url?: unknown } | undefined {
  return caps.elicitation as { form?: unknown; url?: unknown } | undefined;
}
