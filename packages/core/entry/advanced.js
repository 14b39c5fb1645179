'use strict';
// "@tessera/core/advanced": from the one-file build when it is current (./bundle.js), else from tsc's files.
// The second assignment also tells Node's ES-module import which names this file exports (read from tsc's file).
const bundle = require('./bundle.js');
if (bundle !== undefined) module.exports = bundle.advanced();
else module.exports = require('../dist/advanced.js');
