import { createApp, RequestStateSecurity, type ExecutionContext, type Logger, type TesseraApp } from '@tessera/core';
import type { InProcessKms } from './in-process-kms';
import { KmsEnvelopeCodec } from './kms-envelope.codec';
import { DeployerTools } from './deployer.provider';

export interface DecoratedDeployerOptions {
  kms: InProcessKms;
  keyId: string;
  logger?: Logger;
}

/**
 * The same deployer on Tessera's decorators, with the KMS envelope codec as its requestState policy.
 * TTL, principal, request and audience are still stamped and checked by Tessera around the codec.
 */
export function createDecoratedDeployer(options: DecoratedDeployerOptions): TesseraApp {
  return createApp({
    name: 'deployer',
    version: '0.1.0',
    providers: [DeployerTools],
    security: new RequestStateSecurity<ExecutionContext>({ codec: new KmsEnvelopeCodec(options.kms, options.keyId) }),
    logger: options.logger,
  });
}
