/**
 * What each endpoint and face of this copy of core admits, by the object a user holds (an endpoint, what
 * `listen` or `nodeHandler` returned): a function giving the ordered step names, read by `describeAdmission`.
 * Weak, so a closed face or a dropped endpoint is not kept alive by it.
 */
const described = new WeakMap<object, () => readonly string[]>();

/** Records how `holder` admits a request: its ordered step names, read when asked (features may come later). */
export function recordAdmission(holder: object, steps: () => readonly string[]): void {
  described.set(holder, steps);
}

/** The ordered step names `holder` admits a request through, or undefined for an object that admits none. */
export function recordedAdmission(holder: object): readonly string[] | undefined {
  return described.get(holder)?.();
}
