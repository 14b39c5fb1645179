import { loopbackRedirect } from '../../src/auth/loopback-redirect';

/** A browser that goes straight to the redirect URI with the given query, and what the page answered. */
function browser(query: (state: string) => string) {
  const pages: { status: number; text: string }[] = [];
  let redirectUri = '';
  const redirect = loopbackRedirect({
    timeoutMs: 5000,
    open: async (url) => {
      const response = await fetch(`${redirectUri}?${query(url.searchParams.get('state')!)}`);
      pages.push({ status: response.status, text: await response.text() });
    },
  });
  return {
    pages,
    redirect,
    async start() {
      redirectUri = await redirect.prepare();
      return redirectUri;
    },
  };
}

const authorizeUrl = (state: string) => new URL(`https://as.example/authorize?state=${state}`);

describe('loopbackRedirect', () => {
  it('listens on 127.0.0.1 and hands over the code and iss of the answer carrying the state', async () => {
    const b = browser((state) => `code=abc&iss=https%3A%2F%2Fas.example&state=${state}`);
    expect(await b.start()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    try {
      await expect(b.redirect.authorize(authorizeUrl('s1'), 's1')).resolves.toEqual({
        code: 'abc',
        iss: 'https://as.example',
      });
      expect(b.pages).toEqual([{ status: 200, text: 'Authorization complete. You can close this window.' }]);
    } finally {
      await b.redirect.release();
    }
  });

  it.each([
    ['another state', () => 'code=abc&state=forged', /carries another state than the request/],
    [
      'an error answer',
      (s: string) => `error=access_denied&error_description=User+said+no&state=${s}`,
      /answered access_denied: User said no/,
    ],
    ['no code', (s: string) => `state=${s}`, /carries no code/],
  ])('refuses %s, and the page says it failed', async (_name, query, message) => {
    const b = browser(query);
    await b.start();
    try {
      await expect(b.redirect.authorize(authorizeUrl('s1'), 's1')).rejects.toThrow(message);
      expect(b.pages).toEqual([{ status: 400, text: 'Authorization failed. You can close this window.' }]);
    } finally {
      await b.redirect.release();
    }
  });

  it('gives up after timeoutMs when nobody comes back', async () => {
    const redirect = loopbackRedirect({ timeoutMs: 50, open: () => undefined });
    await redirect.prepare();
    try {
      await expect(redirect.authorize(authorizeUrl('s'), 's')).rejects.toThrow(
        /no answer came back to the redirect URI within 50 ms/,
      );
    } finally {
      await redirect.release();
    }
  });

  it('keeps the port it chose for later flows', async () => {
    const redirect = loopbackRedirect({ open: () => undefined });
    const first = await redirect.prepare();
    await redirect.release();
    const second = await redirect.prepare();
    await redirect.release();
    expect(second).toBe(first);
  });
});
