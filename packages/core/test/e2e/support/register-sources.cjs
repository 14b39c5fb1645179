// Lets a spawned `node -r <this> app.ts` run the workspace's TypeScript sources without a build:
// `@tessera/<pkg>` resolves to packages/<pkg>/src (as jest's moduleNameMapper does) and `.ts` files are
// transpiled (no type check: tsc does that separately). Transpiled output is cached on disk by content,
// so only the first spawn pays for loading TypeScript.
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../../../../..');
const WORKSPACE = /^@tessera\/(request-state|core|client|testing)(?:\/(node|advanced|framework|validators))?$/;
/** The source file of a package entry: src/index.ts, src/node/index.ts, src/advanced.ts, src/framework.ts, src/validators.ts. */
function entrySource(pkg, subpath) {
  const src = path.join(root, 'packages', pkg, 'src');
  if (subpath === 'advanced' || subpath === 'framework' || subpath === 'validators')
    return path.join(src, `${subpath}.ts`);
  return path.join(src, subpath ?? '', 'index.ts');
}
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = WORKSPACE.exec(request);
  return resolve.call(this, match ? entrySource(match[1], match[2]) : request, ...rest);
};

// The emit-relevant options of the root tsconfig.json, for CommonJS.
const COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'CommonJS',
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  inlineSourceMap: true,
};
const cacheDir = path.join(os.tmpdir(), 'tessera-ts-cache');
const TS_VERSION = require('typescript/package.json').version; // cheap: only the manifest
let ts;

require.extensions['.ts'] = function (module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto
    .createHash('sha256')
    .update(TS_VERSION)
    .update(JSON.stringify(COMPILER_OPTIONS))
    .update(filename)
    .update(source)
    .digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    ts ??= require('typescript');
    const options = ts.convertCompilerOptionsFromJson(COMPILER_OPTIONS, root).options;
    code = ts.transpileModule(source, { compilerOptions: options, fileName: filename }).outputText;
    fs.mkdirSync(cacheDir, { recursive: true });
    const temp = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(temp, code);
    fs.renameSync(temp, cached);
  }
  module._compile(code, filename);
};
