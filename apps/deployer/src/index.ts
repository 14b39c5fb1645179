// Example app: a KMS envelope codec for requestState on a plain SDK server.
export { InProcessKms } from './in-process-kms';
export type { GeneratedDataKey } from './in-process-kms';
export { KmsEnvelopeCodec } from './kms-envelope.codec';
export { createDeployerHandler } from './create-deployer';
export type { DeployerOptions } from './create-deployer';
export { createDecoratedDeployer } from './create-decorated-deployer';
export type { DecoratedDeployerOptions } from './create-decorated-deployer';
export { DeployerTools, DeployArgs, RegionChoice } from './deployer.provider';
