'use strict';
// Preloaded into the conformance CLI (`--require`): its client-mode mock servers call `listen(0)` with no
// host, which would bind every interface. This keeps them on 127.0.0.1. The bind must stay synchronous
// (the scenarios read `server.address().port` right after `listen()`), so IP literals are resolved
// synchronously too.
const net = require('node:net');
const dns = require('node:dns');

const LOOPBACK = '127.0.0.1';
const originalLookup = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
  if (typeof options === 'function') {
    callback = options;
    options = {};
  }
  const family = net.isIP(hostname);
  if (family !== 0) {
    const all = typeof options === 'object' && options !== null && options.all === true;
    if (all) callback(null, [{ address: hostname, family }]);
    else callback(null, hostname, family);
    return {};
  }
  return originalLookup.call(this, hostname, options, callback);
};

const originalListen = net.Server.prototype.listen;
net.Server.prototype.listen = function listen(...args) {
  const first = args[0];
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, cb]): add the host when none is given.
    if (args.length === 1 || typeof args[1] === 'function') args.splice(1, 0, LOOPBACK);
  } else if (first === undefined || typeof first === 'function') {
    args.unshift(0, LOOPBACK);
    if (args[2] === undefined) args.splice(2, 1);
  } else if (
    typeof first === 'object' &&
    first !== null &&
    first.path === undefined &&
    first.host === undefined &&
    !('fd' in first) &&
    !('handle' in first) &&
    !('_handle' in first)
  ) {
    args[0] = { ...first, host: LOOPBACK };
  }
  return originalListen.apply(this, args);
};
