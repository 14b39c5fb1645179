// The low-level server the prescan tests send `provision` to: any object is accepted, the handler answers
// 'ran', so a refusal it gives comes from the checks before any handler.
import { silentLogger } from '@tessera/core';
import { createLowLevelServer, type LowLevelServer } from '@tessera/core/advanced';

export function lowLevelProvision(): LowLevelServer {
  return createLowLevelServer({
    name: 'low',
    version: '1',
    logger: silentLogger,
    tools: [{ name: 'provision', inputSchema: { type: 'object' } }],
    callTool: () => ({ content: [{ type: 'text', text: 'ran' }] }),
  });
}
