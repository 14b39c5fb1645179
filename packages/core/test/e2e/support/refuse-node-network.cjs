// Preloaded into a spawned process (`node -r`) to stand for a runtime without Node's network modules:
// any load of node:http, node:net (and their https/http2/tls kin) throws, naming what was refused.
const Module = require('node:module');

const REFUSED = new Set(['http', 'https', 'http2', 'net', 'tls']);
const load = Module._load;
Module._load = function (request, ...rest) {
  const bare = request.startsWith('node:') ? request.slice(5) : request;
  if (REFUSED.has(bare)) throw new Error(`refused to load ${request} (runtime-neutral check)`);
  return load.call(this, request, ...rest);
};
