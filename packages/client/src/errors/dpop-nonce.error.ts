import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * A DPoP nonce challenge (RFC 9449 §8, §9) the client cannot answer: the server asked for a nonce without
 * sending one (`DPoP-Nonce` header missing), or it refused the proof carrying the very nonce it had just
 * issued. The challenge is answered once; a server that keeps challenging would loop forever, so it fails here.
 */
export class DpopNonceError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.DpopNonce;

  constructor(
    readonly url: string,
    readonly reason: 'missing_nonce' | 'nonce_rejected',
  ) {
    super(
      TesseraClientErrorCode.DpopNonce,
      reason === 'missing_nonce'
        ? `${url} answered use_dpop_nonce without a DPoP-Nonce header: there is no nonce to sign the proof with.`
        : `${url} answered use_dpop_nonce again to a proof carrying the nonce it had just issued; ` +
            'the challenge was answered once and is not retried further.',
    );
  }
}
