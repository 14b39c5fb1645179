// `node apps/provisioner/dist/decorated-stdio.js`: the decorated provisioner on stdin/stdout.
import { createDecoratedProvisioner } from './decorated-provisioner';
import { serveStdio } from '@tessera/core/node';

serveStdio(createDecoratedProvisioner());
