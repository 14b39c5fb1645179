/** A request target that is already a plain path: no dot segments, escapes, backslashes, fragment, or leading `//`. */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_~\-/]*$/;

/**
 * The path of a request target (`req.url`), as `new URL(target, base).pathname` gives it. A plain path
 * (what clients send: `/mcp`, `/mcp?x=1`) is its own pathname, so it is read directly rather than paying
 * for a URL parse on every request. Anything URL would normalise goes through URL.
 */
export function requestPath(target: string | undefined): string {
  const raw = target ?? '/';
  const query = raw.indexOf('?');
  const path = query === -1 ? raw : raw.slice(0, query);
  return PLAIN_PATH.test(path) ? path : new URL(raw, 'http://localhost').pathname;
}
