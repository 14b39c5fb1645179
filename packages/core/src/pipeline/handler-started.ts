/**
 * The calls whose handler has been called. Single-use state gives a consumed token back when its leg failed
 * before this point (a guard, a pipe or the arguments refused it): the handler never ran, so the client's
 * retry of the leg must not be taken for a replay.
 */
const started = new WeakSet<object>();

export function markHandlerStarted(call: object): void {
  started.add(call);
}

export function handlerStarted(call: object): boolean {
  return started.has(call);
}
