import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { loadExtApps } from './load-ext-apps';

/** Whether a client declares that it renders MCP Apps views (`extensions["io.modelcontextprotocol/ui"].mimeTypes`). */
export function rendersApps(capabilities: ClientCapabilities | undefined): boolean {
  const extApps = loadExtApps();
  const mimeTypes = extApps.getUiCapability(capabilities)?.mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(extApps.RESOURCE_MIME_TYPE);
}
