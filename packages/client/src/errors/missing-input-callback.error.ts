import type { InputKind } from '../callbacks/input-kind';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * The server asked for a kind of input this client has no callback for; raised before any answer is sent. Also
 * raised for a server's `-32021` that names the capability such a callback declares (`refusal`, kept as the
 * cause): without the callback the client does not declare the capability, so the server refused the call.
 */
export class MissingInputCallbackError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.MissingInputCallback;

  constructor(
    readonly kind: InputKind,
    readonly key: string | undefined,
    readonly where: string,
    refusal?: unknown,
  ) {
    const option = kind === 'roots' ? 'listRoots' : kind;
    super(
      TesseraClientErrorCode.MissingInputCallback,
      refusal === undefined
        ? `${where} asked for ${kind}${key === undefined ? '' : ` (input request '${key}')`}, ` +
            `but this client has no '${option}' callback. Pass one to the client, or handle the round in manual mode.`
        : `${where} needs the client's ${kind} capability (the server refused the call with -32021), but this ` +
            `client has no '${option}' callback, so it does not declare it. Pass an '${option}' callback to the client.`,
      refusal === undefined ? undefined : { cause: refusal },
    );
  }
}
