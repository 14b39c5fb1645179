import type { InputKind } from '../callbacks/input-kind';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The client's `refuse` policy turned down an input request; nothing was answered. */
export class InputRequestRefusedError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InputRequestRefused;

  constructor(
    readonly kind: InputKind,
    readonly key: string | undefined,
    readonly where: string,
  ) {
    super(
      TesseraClientErrorCode.InputRequestRefused,
      `${where} asked for ${kind}${key === undefined ? '' : ` (input request '${key}')`}, which this client refuses.`,
    );
  }
}
