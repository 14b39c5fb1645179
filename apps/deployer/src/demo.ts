// `node apps/deployer/dist/demo.js`: both deployers in memory, driven by the official SDK client.
import { silentLogger } from '@tessera/core';
import { createDecoratedDeployer } from './create-decorated-deployer';
import { createDeployerHandler } from './create-deployer';
import { InProcessKms } from './in-process-kms';
import { runDeployerDemo } from './run-demo';

async function main(): Promise<void> {
  const print = (line: string) => console.log(line);
  const kms = new InProcessKms();
  kms.createKey('alias/rs');

  console.log('== plain SDK server (protectRequestState with the KMS envelope codec) ==');
  await runDeployerDemo(createDeployerHandler({ kms, keyId: 'alias/rs' }), print, 'eu-west-1');

  console.log('\n== decorated server (createApp, the codec as its requestState policy) ==');
  const decorated = createDecoratedDeployer({ kms, keyId: 'alias/rs', logger: silentLogger });
  await runDeployerDemo(decorated, print, 'ap-south-1');
  await decorated.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
