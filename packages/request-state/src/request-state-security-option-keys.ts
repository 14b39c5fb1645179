import { optionsProblem } from '@tessera/common';
import { RequestStateConfigError } from './errors/request-state-config.error';
import type { IdempotentLegOptions, RequestStateSecurityOptions } from './request-state-security-options';

const SECURITY_OPTIONS = {
  keys: true,
  codec: true,
  ttl: true,
  audience: true,
  bindPrincipal: true,
  clock: true,
  maxTokenLength: true,
  singleUse: true,
  singleUseTimeoutMs: true,
  idempotentLegs: true,
} as const satisfies Record<keyof RequestStateSecurityOptions, true>;

const IDEMPOTENT_LEG_OPTIONS = {
  leaseMs: true,
  waitMs: true,
  firstLegWindowMs: true,
} as const satisfies Record<keyof IdempotentLegOptions, true>;

/** Refuses a misspelt option (`tll` for `ttl`) by name, listing the known ones, before any of them is read. */
export function checkSecurityOptionKeys(options: RequestStateSecurityOptions<never>): void {
  const problem =
    optionsProblem(options, SECURITY_OPTIONS, 'RequestStateSecurity') ??
    (typeof options.idempotentLegs === 'object'
      ? optionsProblem(options.idempotentLegs, IDEMPOTENT_LEG_OPTIONS, 'RequestStateSecurity idempotentLegs')
      : undefined);
  if (problem !== undefined) throw new RequestStateConfigError(problem);
}
