// `node apps/provisioner/dist/low-level-stdio.js`: the low-level provisioner on stdin/stdout.
import { createLowLevelProvisioner } from './low-level-provisioner';
import { serveStdio } from '@tessera/core/node';

serveStdio(createLowLevelProvisioner());
