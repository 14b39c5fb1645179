// `node apps/provisioner/dist/demo.js`: both provisioners in memory, driven by the official SDK client.
import { silentLogger } from '@tessera/core';
import { createDecoratedProvisioner } from './decorated-provisioner';
import { createLowLevelProvisioner } from './low-level-provisioner';
import { runDemo } from './run-demo';

async function main(): Promise<void> {
  const print = (line: string) => console.log(line);

  console.log('== low-level provisioner (createLowLevelServer, sealing opted in) ==');
  const lowLevel = createLowLevelProvisioner({ logger: silentLogger });
  await runDemo(lowLevel, print, 'eu-west');
  await lowLevel.close();

  console.log('\n== decorated provisioner (@Tool, sealed by default) ==');
  const decorated = createDecoratedProvisioner({ logger: silentLogger });
  await runDemo(decorated, print, 'ap-south');
  await decorated.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
