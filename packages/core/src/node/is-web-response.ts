/**
 * Whether `value`, a web `Response` or a plain object (what `admit` gives a request it lets in, or the
 * lane's `{ json }` answer), is the `Response`. A plain object is told apart without reading the global
 * `Response`: on Node that global loads undici and the web streams (about 40 ms), which a server whose
 * requests the lane answers never needs.
 */
export function isWebResponse(value: object): value is Response {
  return Object.getPrototypeOf(value) !== Object.prototype && value instanceof Response;
}
