import type { consumeOnce } from './consume-once';
import type { claimLeg } from './claim-leg';
import type { claimFirstLeg } from './claim-first-leg';

/** What a sealer with a single-use store runs of the single-use steps when it opens or starts a leg. */
export interface SingleUseClaims {
  consumeOnce: typeof consumeOnce;
  claimLeg: typeof claimLeg;
  claimFirstLeg: typeof claimFirstLeg;
}

let loaded: SingleUseClaims | undefined;

/**
 * Required on first use: only a policy with a single-use store (`singleUse`) consumes or claims a token, so a
 * server without one never loads these steps and the store calls under them (four modules of every start).
 */
export function singleUseClaims(): SingleUseClaims {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return (loaded ??= {
    consumeOnce: (require('./consume-once') as typeof import('./consume-once')).consumeOnce,
    claimLeg: (require('./claim-leg') as typeof import('./claim-leg')).claimLeg,
    claimFirstLeg: (require('./claim-first-leg') as typeof import('./claim-first-leg')).claimFirstLeg,
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
}
