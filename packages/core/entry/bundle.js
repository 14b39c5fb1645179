'use strict';
// The one-file build of this package (dist/bundle/core.js, which `npm run build` writes after tsc; see
// scripts/build/bundle-packages.mjs), or undefined: then the entries load tsc's files in dist/ instead. Undefined
// when it was not built, or when tsc rebuilt dist after it was made (`tsc -b` alone, in the repository): its build
// info then differs from the one the bundle was made from. A published package holds no build info: the bundle.
let bundle;
try {
  bundle = require('../dist/bundle/core.js');
} catch (error) {
  if (error?.code !== 'MODULE_NOT_FOUND') throw error;
}
const info = globalThis.process
  ?.getBuiltinModule?.('node:fs')
  ?.statSync(`${__dirname}/../dist/.tsbuildinfo`, { throwIfNoEntry: false });
module.exports = info === undefined || info.mtimeMs === bundle?.builtFrom ? bundle : undefined;
