/** A flow did not go as its script or its expectations said; the message names the call, round and question. */
export class FlowAssertionError extends Error {
  override readonly name = 'FlowAssertionError';
}
