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
export type { Servable, ServableEndpoint } from './servable-endpoint';
// the types those signatures use (also exported by the main and advanced entries)
export type { TesseraApp } from '../app/tessera-app';
export type { HandlerSwitch } from '../app/surface-changes';
export type { Class } from '../types/class';
export type { EndpointRequestOptions, SdkServerFactory } from '../endpoint/mcp-endpoint';
export type { ResolvedRequestLimits } from '../limits/request-limits';
export type { BodyBudget, BodyHold } from '../limits/body-budget';
export type { Logger, LogLevel, LogFields } from '../logging/logger';
export type { HandlerMethod } from '../contracts/handler-ref';
export type { PipelineStageDescription } from '../pipeline/describe-pipeline';
export type { RequestLimits } from '../limits/request-limits';
export { loadSkillFolder } from './load-skill-folder';
