import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { isJsonObject } from '../types/json-object';

/**
 * The settings a client declares for one extension (`capabilities.extensions[id]`), or undefined when it
 * declares none: how an extension, a guard or a handler (`ctx.clientCapabilities`) learns what this
 * request's client supports.
 */
export function clientExtension(
  capabilities: ClientCapabilities | undefined,
  id: string,
): Record<string, unknown> | undefined {
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  if (!isJsonObject(extensions)) return undefined;
  const own = extensions[id];
  return isJsonObject(own) ? own : undefined;
}
