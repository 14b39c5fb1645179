import type { InputKind } from '../callbacks/input-kind';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The server asked for a kind of input this client has no callback for; raised before any answer is sent. */
export class MissingInputCallbackError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.MissingInputCallback;

  constructor(
    readonly kind: InputKind,
    readonly key: string | undefined,
    readonly where: string,
  ) {
    const option = kind === 'roots' ? 'listRoots' : kind;
    super(
      TesseraClientErrorCode.MissingInputCallback,
      `${where} asked for ${kind}${key === undefined ? '' : ` (input request '${key}')`}, ` +
        `but this client has no '${option}' callback. Pass one to the client, or handle the round in manual mode.`,
    );
  }
}
