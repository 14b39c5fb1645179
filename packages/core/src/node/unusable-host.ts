// Characters that end or change an authority in a URL (`evil/x`, `a?b`, `127.0.0.1@evil`), or that `URL` strips.
const NOT_AUTHORITY = /[/?#@\\\s]/;

/**
 * Refuses a `Host` header that is not a URL authority (`a b`, `[`, `evil.example:99999`, `127.0.0.1@evil`)
 * with the 403 the SDK's Host check answers, before anything builds the request's URL from it: that URL
 * would throw (a `Request` refuses credentials, `URL` a bad host or port), and the request be left
 * unanswered. No `Host` at all (HTTP/1.0) is let be: the URL then names `localhost`. The last host let
 * through is remembered, so the usual request (the same Host again) costs one comparison.
 */
export function unusableHostCheck(): (host: string | undefined) => Response | undefined {
  let lastUsable: string | undefined;
  return (host) => {
    if (host === undefined || host === lastUsable) return undefined;
    if (host === '' || NOT_AUTHORITY.test(host) || !URL.canParse(`http://${host}/`))
      return Response.json(
        { jsonrpc: '2.0', error: { code: -32000, message: 'Invalid Host header' }, id: null },
        { status: 403 },
      );
    lastUsable = host;
    return undefined;
  };
}
