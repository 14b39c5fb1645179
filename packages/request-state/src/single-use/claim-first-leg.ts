import { argumentsDigest } from '../binding/arguments-digest';
import type { RequestBinding } from '../binding/request-binding';
import { encodeBase64url } from '../crypto/base64url';
import { sha256 } from '../crypto/sha256';
import { IdempotencyKeyReusedError } from '../errors/idempotency-key-reused.error';
import { claimRecord, type LegRun } from './claim-leg';
import type { SingleUseSettings } from './consume-once';
import type { LegAnswers, RecordedAnswer } from './leg-answers';
import type { IdempotentLegSettings } from './leg-record';

const LABEL = 'tessera/request-state/first-leg';

/**
 * Claims the record of a first leg (a call that carries no state, so no nonce): it is named by a hash of
 * the audience, the caller's principal (as a token would bind it), the method, the target and the client's
 * idempotency key, so only the same caller's resend of the same call finds it, and the store never holds the
 * principal. The record's key is the idempotency key with the arguments' digest: the same key with other
 * arguments is refused (`IdempotencyKeyReusedError`) rather than answered with another call's record.
 * Everything else is `claimLeg`'s: the recorded answer, a wait for a live run, a rerun after a lapsed lease.
 */
export async function claimFirstLeg(
  binding: RequestBinding,
  audience: string | undefined,
  key: string,
  settings: SingleUseSettings & { legs: IdempotentLegSettings },
  answers: LegAnswers,
  now: number,
): Promise<{ run: LegRun } | { recorded: RecordedAnswer }> {
  const name = [LABEL, audience ?? null, binding.principal ?? null, binding.method, binding.target, key];
  // 43 characters: never the 22 of a token's random nonce, so the two kinds of record cannot meet
  const nonce = encodeBase64url(sha256(JSON.stringify(name)));
  const recordKey = `${key}.${argumentsDigest(binding.arguments)}`;
  const claimed = await claimRecord(nonce, recordKey, now + settings.legs.firstLegWindowMs, settings, answers);
  if ('replayed' in claimed) throw new IdempotencyKeyReusedError(key);
  return claimed;
}
