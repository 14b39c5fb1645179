/**
 * Runs tasks one after another. The client hands a round's questions to the callbacks all at once; a terminal can
 * show only one prompt at a time, so interactive questions queue here in the order they came.
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
