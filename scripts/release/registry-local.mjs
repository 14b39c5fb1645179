// `npm run registry:local`: this clone's packages on a local npm registry (Verdaccio, throwaway storage),
// so `npm create tessera@latest` and every install line of the README work as they will once published.
// Everything else is proxied from the usual registry. Ctrl-C stops it and removes its storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publishWorkspace } from './publish-workspace.mjs';
import { startVerdaccio } from './verdaccio.mjs';

const port = Number(process.env.REGISTRY_PORT ?? 4873);
const work = mkdtempSync(path.join(tmpdir(), 'tessera-registry-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const registry = await startVerdaccio(work, { port });
try {
  publishWorkspace(registry, path.join(work, 'tarballs'));
} catch (error) {
  await registry.stop();
  throw error;
}
console.log(`
Tessera's packages are on ${registry.url} (everything else is proxied). In another terminal:

  export npm_config_registry=${registry.url}
  npm create tessera@latest my-server
  cd my-server && npm install && npm test

Ctrl-C here stops the registry.`);
// verdaccio.mjs stops the registry on SIGINT/SIGTERM and exits; until then this process only waits
setInterval(() => {}, 1 << 30);
