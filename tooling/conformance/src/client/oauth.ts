import type { AuthorizationRedirect, AuthorizationResponse } from '@tessera/client';

/** Where the (never opened) browser would come back to; the suite's authorization server redirects to it. */
export const REDIRECT_URL = 'http://localhost:3000/callback';

/**
 * The browser step of a headless test run: "opening the browser" is a plain GET of the authorization URL
 * without following the redirect. The suite's authorization server approves at once, so the code (and
 * RFC 9207 `iss`) are read from the `Location` header.
 */
export const headlessRedirect: AuthorizationRedirect = {
  prepare: () => Promise.resolve(REDIRECT_URL),
  release: () => Promise.resolve(),
  async authorize(url: URL, state: string): Promise<AuthorizationResponse> {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) throw new Error(`the authorization endpoint did not redirect (HTTP ${response.status})`);
    const back = new URL(location);
    const code = back.searchParams.get('code');
    if (!code)
      throw new Error(`the authorization redirect carries no code: ${back.searchParams.get('error') ?? location}`);
    const returned = back.searchParams.get('state');
    if (returned !== null && returned !== state) throw new Error('the authorization redirect carries another state');
    return { code, ...(back.searchParams.get('iss') !== null && { iss: back.searchParams.get('iss')! }) };
  },
};
