import type { RequestBinding } from '../binding/request-binding';

/** Seals and opens requestState for one audience (one server). */
export interface RequestStateSealer {
  readonly audience: string | undefined;
  /** Seals JSON-serialisable plaintext for this request, with a fresh iat/exp on every call. */
  seal(state: unknown, binding: RequestBinding): string;
  /** The plaintext, or an InvalidRequestStateError whatever went wrong (the reason is on the error). */
  open(token: unknown, binding: RequestBinding): unknown;
}
