/**
 * The Node-only faces of a Tessera app: Streamable HTTP on node:http (`listen`), a route of a Node framework
 * (`nodeHandler`: Express, Fastify, NestJS) and stdio (`serveStdio`).
 *
 * @module @tessera/core/node
 */
// @tessera/core/node: the Node-only faces (Node HTTP, stdio). The root entry stays runtime-neutral.
export { listen } from './listen';
export { nodeHandler } from './node-handler-for-hosts';
export type { NodeHandlerOptions, NodeMcpHandler } from './node-handler-for-hosts';
export { serveStdio } from './serve-stdio';
export { stopOnSignals } from './stop-on-signals';
export type { StopOnSignalsOptions } from './stop-on-signals';
export type { ListenOptions, HttpListener } from './listen-options';
export type { ServableEndpoint } from './servable-endpoint';
export { loadSkillFolder } from './load-skill-folder';
