import type { Client as SdkClient, StandardSchemaV1 } from '@modelcontextprotocol/client';
import { ACCELERATORS_ENV, acceleratorOff } from '../accelerators-switch';
import { checkCodecAssumptions } from './check-codec-assumptions';
import { specResultValidator } from './spec-result-validator';

/** The result validator for a spec method on a connected SDK client, or undefined: let the SDK build its own. */
export type ResultValidatorLookup = (sdk: SdkClient, method: string) => StandardSchemaV1 | undefined;

export interface ResultValidatorStartUp {
  env?: Record<string, string | undefined>;
  /** What the installed SDK changed of what the accelerator relies on (`checkCodecAssumptions`). */
  changed?: () => string[];
  warn?: (message: string) => void;
}

/**
 * Whether tools/call legs take the result validator built once per era codec (`specResultValidator`) or the
 * SDK's own, built per request (the public path: `request()` without a schema). Off with
 * `TESSERA_ACCELERATORS=off`; off, with one warning naming what changed, when the installed SDK no longer has
 * what the validator reads.
 */
export function decideResultValidator(startUp: ResultValidatorStartUp = {}): ResultValidatorLookup | undefined {
  if (acceleratorOff('result-validator', startUp.env)) return undefined;
  const changed = (startUp.changed ?? checkCodecAssumptions)();
  if (changed.length === 0) return specResultValidator;
  (startUp.warn ?? warnOnce)(
    `@tessera/client: the cached result validator is off, every tools/call result is checked by the SDK's own ` +
      `validator (the installed SDK changed: ${changed.join('; ')}). ${ACCELERATORS_ENV}=off:result-validator silences this.`,
  );
  return undefined;
}

let decided: { lookup: ResultValidatorLookup | undefined } | undefined;

/** The process's decision, made when the first client is built and kept: one probe and at most one warning. */
export function resultValidatorAccelerator(): ResultValidatorLookup | undefined {
  decided ??= { lookup: decideResultValidator() };
  return decided.lookup;
}

function warnOnce(message: string): void {
  const emit = globalThis.process?.emitWarning;
  if (typeof emit === 'function') emit.call(globalThis.process, message, { code: 'TESSERA_ACCELERATOR_OFF' });
  else console.warn(message);
}
