import { encodeBase64url } from '../crypto/base64url';
import { randomBytes } from '../crypto/random-bytes';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import { LegInProgressError } from '../errors/leg-in-progress.error';
import type { RequestStateClaims } from '../sealing/request-state-claims';
import { askStore } from './ask-store';
import { nonceOf, recordExpiry, type SingleUseSettings } from './consume-once';
import type { LegAnswers, RecordedAnswer } from './leg-answers';
import type { IdempotentLegSettings, LegClaimOutcome } from './leg-record';
import type { SingleUseStore } from './single-use-store';

/** How often a resend looks again at a leg still running elsewhere. */
const POLL_MS = 200;

/** This instance's run of an idempotent leg: it holds the lease (renewed while it runs) until it finishes. */
export interface LegRun {
  /** `true` when an earlier run of this leg started on an instance that died (its lease lapsed). */
  readonly rerun: boolean;
  /** Records the leg's answer under its key and ends the lease. Rejects when the store cannot keep it. */
  finish(answer: RecordedAnswer): Promise<void>;
  /** Ends the run without an answer to keep: the lease stops being renewed (a resend then runs the leg again). */
  end(): void;
  /** Ends the run and forgets its record (its handler never ran), so a resend runs at once instead of waiting. */
  release(): Promise<void>;
}

type LegStore = SingleUseStore & Required<Pick<SingleUseStore, 'claimLeg' | 'renewLeg' | 'finishLeg'>>;

/**
 * Consumes the token for the leg named `key`, or finds that leg's earlier run: its recorded answer, or (its
 * instance died) the right to run it again. A run still in progress on a live instance is waited for, up
 * to `legs.waitMs`, then refused as `LegInProgressError` (retryable). A token consumed without this key is a
 * replay.
 */
export async function claimLeg(
  claims: RequestStateClaims,
  key: string,
  settings: SingleUseSettings & { legs: IdempotentLegSettings },
  answers: LegAnswers,
): Promise<{ run: LegRun } | { recorded: RecordedAnswer }> {
  const claimed = await claimRecord(nonceOf(claims), key, recordExpiry(claims), settings, answers);
  if ('replayed' in claimed) throw new InvalidRequestStateError('replayed');
  return claimed;
}

/**
 * The claim behind `claimLeg`, on any record: `nonce` names it, `key` is what a resend must bring to share
 * it (another key finds `{ replayed: true }`), kept until `expiresAtMs`.
 */
export async function claimRecord(
  nonce: string,
  key: string,
  expiresAtMs: number,
  settings: SingleUseSettings & { legs: IdempotentLegSettings },
  answers: LegAnswers,
): Promise<{ run: LegRun } | { recorded: RecordedAnswer } | { replayed: true }> {
  const store = settings.store as LegStore;
  const { leaseMs, waitMs } = settings.legs;
  const owner = encodeBase64url(randomBytes(12));
  const claim = { key, owner, leaseMs, expiresAtMs };
  const started = Date.now();
  for (;;) {
    const outcome: LegClaimOutcome = await askStore(
      settings.timeoutMs,
      () => store.claimLeg(nonce, claim),
      // claimed after the leg gave up on the store: free it, the client sends the leg again
      (late) => void (late.status === 'run' && !late.rerun && store.release?.(nonce).catch(() => undefined)),
    );
    if (outcome.status === 'run') return { run: startRun(store, nonce, claim, outcome.rerun, answers, settings) };
    if (outcome.status === 'done') return { recorded: await answers.open(outcome.answer, nonce, key) };
    if (outcome.status === 'replayed') return { replayed: true };
    const waited = Date.now() - started;
    if (waited >= waitMs) throw new LegInProgressError(waited);
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, waitMs - waited)));
  }
}

function startRun(
  store: LegStore,
  nonce: string,
  claim: { key: string; owner: string; leaseMs: number },
  rerun: boolean,
  answers: LegAnswers,
  settings: SingleUseSettings,
): LegRun {
  const renewal = { owner: claim.owner, leaseMs: claim.leaseMs };
  // A renewal that fails leaves the lease to lapse: at worst a resend runs the leg again (at least once).
  const heartbeat = setInterval(() => void store.renewLeg(nonce, renewal).catch(() => undefined), claim.leaseMs / 3);
  heartbeat.unref();
  return {
    rerun,
    async finish(answer) {
      clearInterval(heartbeat);
      const sealed = await answers.seal(answer, nonce, claim.key);
      await askStore(settings.timeoutMs, () =>
        store.finishLeg(nonce, { key: claim.key, owner: claim.owner, answer: sealed }),
      );
    },
    end() {
      clearInterval(heartbeat);
    },
    async release() {
      clearInterval(heartbeat);
      await store.release?.(nonce);
    },
  };
}
