/**
 * Servers made of other servers: a remote MCP server mounted under a prefix, and tools from an OpenAPI document.
 *
 * @module @tessera/compose
 */
// Public API of @tessera/compose: named exports only; this list is the package's surface.
export { mountRemote, type RemoteMount } from './mount/mount-remote';
export type { MountRemoteOptions } from './mount/mount-remote-options';
export type { RemoteSurface, RemoteResourceTemplate } from './mount/remote-surface';
export { RemoteMountError } from './errors/remote-mount.error';
export { MOUNT_SEPARATOR } from './mount/mounted-names';
export { openApiTools, type OpenApiTools } from './openapi/openapi-tools';
export type { OpenApiToolsOptions, OperationFilter } from './openapi/openapi-options';
export { OpenApiDocumentError } from './errors/openapi-document.error';
