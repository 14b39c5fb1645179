import type { RoundHooks } from './round-hooks.types';

/** Runs client-level hooks, then per-call hooks. */
export function mergeHooks(...all: (RoundHooks | undefined)[]): Required<RoundHooks> {
  const present = all.filter((hooks): hooks is RoundHooks => hooks !== undefined);
  return {
    onRound: async (event) => {
      for (const hooks of present) await hooks.onRound?.(event);
    },
    onInputRequest: async (event) => {
      for (const hooks of present) await hooks.onInputRequest?.(event);
    },
    onInputResponse: async (event) => {
      for (const hooks of present) await hooks.onInputResponse?.(event);
    },
    onLegRetry: async (event) => {
      for (const hooks of present) await hooks.onLegRetry?.(event);
    },
    onConnectRetry: async (event) => {
      for (const hooks of present) await hooks.onConnectRetry?.(event);
    },
    onTaskRequestRetry: async (event) => {
      for (const hooks of present) await hooks.onTaskRequestRetry?.(event);
    },
    onTaskStatus: async (event) => {
      for (const hooks of present) await hooks.onTaskStatus?.(event);
    },
  };
}
