import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The client is pinned to a revision (`protocol: { pin }`) the server does not speak. */
export class ProtocolNegotiationError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.ProtocolNegotiation;

  constructor(
    readonly pinned: string,
    why: string,
    cause: unknown,
  ) {
    super(
      TesseraClientErrorCode.ProtocolNegotiation,
      `Cannot connect with protocol: { pin: '${pinned}' }: the server does not speak that revision (${why}). ` +
        "Pin a revision the server offers, or use protocol: 'auto' to take the best one it has.",
      { cause },
    );
  }
}
