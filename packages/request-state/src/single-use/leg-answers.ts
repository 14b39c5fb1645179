import { InvalidRequestStateError } from '../errors/invalid-request-state.error';
import type { RequestStateCodec } from '../sealing/request-state-codec';

/** What a finished leg answered: its result, or the JSON-RPC error it was refused with. */
export type RecordedAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/**
 * Seals a leg's answer for the store with the policy's own codec (so the store never holds user data in
 * plaintext), bound to the token's nonce and the leg's key: an answer moved to another record does not open.
 */
export class LegAnswers {
  constructor(private readonly codec: RequestStateCodec) {}

  async seal(answer: RecordedAnswer, nonce: string, key: string): Promise<string> {
    return await this.codec.seal(utf8.encode(JSON.stringify({ n: nonce, k: key, a: answer })));
  }

  /** The answer recorded for this nonce and key; a record that does not open is refused as a replay. */
  async open(sealed: string, nonce: string, key: string): Promise<RecordedAnswer> {
    let opened: { n?: unknown; k?: unknown; a?: unknown };
    try {
      opened = JSON.parse(fromUtf8.decode(await this.codec.unseal(sealed))) as typeof opened;
    } catch (cause) {
      throw new InvalidRequestStateError('replayed', { cause, detail: 'the recorded answer of the leg does not open' });
    }
    if (opened?.n !== nonce || opened.k !== key || !isRecordedAnswer(opened.a))
      throw new InvalidRequestStateError('replayed', { detail: 'the recorded answer belongs to another leg' });
    return opened.a;
  }
}

function isRecordedAnswer(value: unknown): value is RecordedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  if ('result' in value) return true;
  const error = (value as { error?: { code?: unknown; message?: unknown } }).error;
  return typeof error?.code === 'number' && typeof error.message === 'string';
}
