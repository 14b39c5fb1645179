// Public API of @tessera/testing: named exports only; this list is the package's surface.
export { connectInMemory, connectHttp } from './connect-in-memory';
export type { FetchServable, TestClientOptions } from './connect-in-memory';
export { sendRaw } from './send-raw';
export type { RawRequestOptions, RawResponse } from './send-raw';
export { connectLoopback } from './connect-loopback';
export type { LoopbackConnection } from './connect-loopback';
