// @tessera/core/node: the Node-only faces (Node HTTP, stdio). The root entry stays runtime-neutral.
export { listen } from './listen';
export { serveStdio } from './serve-stdio';
export type { ListenOptions, HttpListener } from './listen-options';
export type { ServableEndpoint } from './servable-endpoint';
