/** What the authorization server sent back to the redirect URI (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export interface AuthorizationResponse {
  code: string;
  iss?: string;
}

/**
 * How the user is taken to the authorization server and how its answer comes back: the seam between the OAuth
 * flow and the world (a browser and a loopback listener for a desktop or terminal app, see `loopbackRedirect`).
 */
export interface AuthorizationRedirect {
  /** Gets ready to receive the answer; resolves with the redirect URI to register and send. */
  prepare(): Promise<string>;
  /**
   * Sends the user to `url` and resolves with the answer that came back carrying `state` (any other state, or an
   * `error` answer, rejects with the reason).
   */
  authorize(url: URL, state: string): Promise<AuthorizationResponse>;
  /** Stops waiting for answers, after a flow (a later flow calls `prepare` again). */
  release(): Promise<void>;
}

/** Reads the answer at the redirect URI: the code and `iss`, after checking `state` (in constant time). */
export function readAuthorizationResponse(callback: URL, expectedState: string): AuthorizationResponse {
  const params = callback.searchParams;
  if (!sameString(params.get('state') ?? '', expectedState)) {
    throw new Error('the answer at the redirect URI carries another state than the request (a stale or forged answer)');
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    throw new Error(`the authorization server answered ${error}${description ? `: ${description}` : ''}`);
  }
  const code = params.get('code');
  if (!code) throw new Error('the answer at the redirect URI carries no code');
  return { code, ...(params.get('iss') !== null && { iss: params.get('iss')! }) };
}

// The state guards the redirect against forged answers: compared without an early exit.
function sameString(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
