import type { RequestStateCodec } from '@tessera/request-state';
// #region example
import { ExecutionContext, RequestStateSecurity } from '@tessera/core';

new RequestStateSecurity<ExecutionContext>({
  keys: [process.env.STATE_KEY_NEW!, process.env.STATE_KEY_OLD!], // each >= 32 bytes; keys[0] seals, all verify
  ttl: 600,
  audience: 'deployer', // default: the server's name
  bindPrincipal: (ctx) => ctx.sdk.http?.req?.headers.get('x-tenant') ?? null,
});
new RequestStateSecurity({ codec: kmsEnvelopeCodec, audience: 'deployer' }); // custom codec (apps/deployer)
// #endregion example
declare const kmsEnvelopeCodec: RequestStateCodec;
