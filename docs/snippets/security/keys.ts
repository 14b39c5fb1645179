import { RequestStateSecurity, type RequestStateCodec } from '@tessera/request-state';

declare const myKmsEnvelopeCodec: RequestStateCodec;

// #region shared-keys
const security = new RequestStateSecurity({ keys: [process.env.STATE_KEY!], audience: 'deployer' });
// #endregion shared-keys

// #region custom-codec
const withCodec = new RequestStateSecurity({ codec: myKmsEnvelopeCodec, audience: 'deployer' });
// #endregion custom-codec

console.log(security, withCodec);
