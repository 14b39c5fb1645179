import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** `protocol` names no revision this client can speak. */
export class InvalidProtocolPreferenceError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidProtocolPreference;

  constructor(protocol: unknown, revisions: readonly string[]) {
    super(
      TesseraClientErrorCode.InvalidProtocolPreference,
      `TesseraClient option protocol: ${JSON.stringify(protocol)} is not a protocol this client speaks. ` +
        `Use 'auto' (2026-07-28, else the 2025 era), 'legacy' (the 2025 handshake), or { pin: '<revision>' } with one of ${revisions.join(', ')}.`,
    );
  }
}
