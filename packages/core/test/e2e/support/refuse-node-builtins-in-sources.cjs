// Preloaded into a spawned process (`node -r`) to stand for a runtime with neither Node's built-in modules
// nor its Buffer global, as far as Tessera's own code goes: a load of any built-in (node:crypto,
// node:buffer, ...) from a workspace package's sources throws, naming the file, and so does a read of the
// `Buffer` global whose caller is such a source. Libraries (and the TypeScript transpiler) keep their own
// Node-only branches: they pick a web one elsewhere through their package exports.
const Module = require('node:module');
const path = require('node:path');

const SOURCES = path.join(path.resolve(__dirname, '../../../../..'), 'packages') + path.sep;
const isOwnSource = (file) => file.startsWith(SOURCES) && file.includes(`${path.sep}src${path.sep}`);
const load = Module._load;
Module._load = function (request, parent, ...rest) {
  const from = parent?.filename ?? '';
  if (Module.isBuiltin(request) && isOwnSource(from)) {
    throw new Error(`refused to load ${request} from ${path.relative(SOURCES, from)} (runtime-neutral check)`);
  }
  return load.call(this, request, parent, ...rest);
};
const { Buffer } = globalThis;
Object.defineProperty(globalThis, 'Buffer', {
  configurable: true,
  get() {
    const caller = new Error().stack.split('\n')[2] ?? '';
    const file = /\((.*?):\d+:\d+\)$|at (.*?):\d+:\d+$/.exec(caller.trim());
    if (file && isOwnSource(file[1] ?? file[2])) {
      throw new Error(`refused Buffer in ${path.relative(SOURCES, file[1] ?? file[2])} (runtime-neutral check)`);
    }
    return Buffer;
  },
});
