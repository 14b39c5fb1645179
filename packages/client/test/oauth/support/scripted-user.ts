/**
 * A person at a browser, scripted over plain HTTP: follows the authorization server's redirects with a cookie jar,
 * signs in as `user` on oidc-provider's login form, approves its consent form, and follows the last redirect to
 * the client's redirect URI (the loopback listener). Records each form it was shown.
 */
export class ScriptedUser {
  readonly formsSeen: string[] = [];
  private readonly cookies = new Map<string, string>();

  constructor(readonly user: string) {}

  readonly open = async (url: URL): Promise<void> => {
    let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: url.href, method: 'GET' };
    for (let hop = 0; hop < 20; hop++) {
      const response = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: {
          cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(next.body && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body: next.body,
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (location !== null) {
        next = { url: new URL(location, next.url).href, method: 'GET' };
        continue;
      }
      const page = await response.text();
      if (response.status !== 200) throw new Error(`the browser got HTTP ${response.status} at ${next.url}: ${page}`);
      // The redirect URI's own page: the flow is over.
      if (!/\/interaction\//.test(next.url)) return;
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (prompt === undefined) throw new Error(`no form on ${next.url}: ${page.slice(0, 300)}`);
      this.formsSeen.push(prompt);
      const body = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        body.set('login', this.user);
        body.set('password', 'any');
      }
      next = { url: next.url, method: 'POST', body };
    }
    throw new Error('the browser followed 20 redirects without reaching the redirect URI');
  };
}
