import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** A call was made before `connect()` finished (or after `close()`). */
export class NotConnectedError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.NotConnected;

  constructor(what: string) {
    super(TesseraClientErrorCode.NotConnected, `${what} needs a connected client: await client.connect(target) first.`);
  }
}
