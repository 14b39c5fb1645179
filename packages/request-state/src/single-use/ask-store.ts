import { SingleUseStoreUnavailableError } from '../errors/single-use-store-unavailable.error';

/**
 * One call to the single-use store, given up after `timeoutMs` (rejected as `SingleUseStoreUnavailableError`,
 * as is any failure of the store). `late` gets what a store answered after the call had given up on it,
 * so what it did can be undone (the client sends the leg again).
 */
export async function askStore<T>(timeoutMs: number, ask: () => Promise<T>, late?: (value: T) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let gaveUp = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      gaveUp = true;
      reject(new SingleUseStoreUnavailableError(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const asking = ask();
  asking.then(
    (value) => void (gaveUp && late?.(value)),
    () => undefined,
  );
  try {
    return await Promise.race([asking, timeout]);
  } catch (error) {
    if (error instanceof SingleUseStoreUnavailableError) throw error;
    throw new SingleUseStoreUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
