import type { StateCarryingMethod } from '@tessera/common';

/** The request a token is bound to: it opens only on a retry of the same call by the same principal. */
export interface RequestBinding {
  method: StateCarryingMethod;
  /** Tool or prompt name, or the resource URI. */
  target: string;
  /** Absent, null and {} digest the same; the caller strips `_meta`, nothing else is excluded. */
  arguments?: Record<string, unknown> | null;
  /** An already-derived principal (see principalFromAuthInfo), or null/undefined for none. */
  principal?: string | null;
}
