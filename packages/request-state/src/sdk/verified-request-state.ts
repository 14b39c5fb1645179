/**
 * What the SDK hook hands to the handler (via `ctx.mcpReq.requestState()`): a verified but still closed
 * state. Only `read(ctx, { target, arguments })` opens it, after checking the request binding the hook
 * could not see, so a handler cannot reach the plaintext with the request check skipped.
 */
export class VerifiedRequestState {
  // Serialising it (logs, results) must not leak anything.
  toJSON(): string {
    return '[VerifiedRequestState]';
  }
}
