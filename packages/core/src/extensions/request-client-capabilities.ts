import type { ClientCapabilities, Server, ServerContext } from '@modelcontextprotocol/server';

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** A request's client capabilities: its own (2026-07-28 envelope), else those of the connection's `initialize`. */
export function requestClientCapabilities(ctx: ServerContext, server: Server): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return (envelope?.[CAPABILITIES_KEY] as ClientCapabilities | undefined) ?? server.getClientCapabilities();
}
