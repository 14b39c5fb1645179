// `node apps/provisioner/dist/decorated-stdio.js`: the decorated provisioner on stdin/stdout.
import { createDecoratedProvisioner } from './decorated-provisioner';

createDecoratedProvisioner().serveStdio();
