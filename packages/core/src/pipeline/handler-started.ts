/**
 * The calls whose handler has been called. Single-use state gives a consumed token back when its leg failed
 * before this point (a guard, a pipe or the arguments refused it): the handler never ran, so the client's
 * retry of the leg must not be taken for a replay.
 *
 * Kept on the call itself under a key only this module has (a `WeakSet` cost a hash-table insertion and
 * ephemeron work for the GC on every call).
 */
const STARTED = Symbol('tessera.handlerStarted');

type Marked = { [STARTED]?: true };

export function markHandlerStarted(call: object): void {
  (call as Marked)[STARTED] = true;
}

export function handlerStarted(call: object): boolean {
  return Object.hasOwn(call, STARTED);
}
