/**
 * A validation shortcut opened on its first use: `probe` lists what it relies on that is missing or changed in
 * the installed dependency (empty: all there), `make` builds it. When the probe lists anything the shortcut
 * stays off for the process, with one warning naming it and what changed, and core takes the public path.
 */
export function lazyShortcut<T>(
  name: string,
  probe: () => string[],
  make: () => T,
  warn: (message: string) => void,
): () => T | undefined {
  let state: { made?: T } | undefined;
  return () => {
    if (!state) {
      let changed: string[];
      try {
        changed = probe();
      } catch (error) {
        changed = [`the probe failed: ${error instanceof Error ? error.message : String(error)}`];
      }
      if (changed.length) {
        warn(`validation accelerator ${name} stays off, the public path serves instead: ${changed.join('; ')}`);
        state = {};
      } else state = { made: make() };
    }
    return state.made;
  };
}

/** Runs `make`, undefined when it throws (a probe's way to try a member it is not sure of). */
export function attempt<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}
