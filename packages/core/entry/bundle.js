'use strict';
// This package's one-file build (dist/bundle/core.js, written by `npm run build` after tsc) when it is current,
// else undefined: then the entries load tsc's files in dist/ (@tessera/common's currentBundle says when).
module.exports = require('@tessera/common').currentBundle(
  () => require('../dist/bundle/core.js'),
  () => `${__dirname}/../dist/.tsbuildinfo`,
);
