import type { Tool } from '@modelcontextprotocol/server';
import { RequestStateSecurity, type Logger } from '@tessera/core';
import { createLowLevelServer, type LowLevelServer } from '@tessera/core/advanced';
import { provisionRound } from './provision-round';

/** The tool as the client sees it, written by hand as JSON Schema (no decorators, no DTOs). */
export const provisionTool: Tool = {
  name: 'provision',
  title: 'Provision a machine',
  description: 'Provisions a machine; asks which region it should run in.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, description: 'Machine name' },
      size: { type: 'string', enum: ['small', 'large'], description: 'Machine size (default small)' },
    },
    required: ['name'],
  },
};

/** The low-level form: one handler answers every call with a result or an InputRequiredResult. */
export function createLowLevelProvisioner(options: { logger?: Logger } = {}): LowLevelServer {
  return createLowLevelServer({
    name: 'provisioner',
    version: '1.0.0',
    tools: [provisionTool],
    // The one line that seals requestState (AES-GCM under a process-local key); leave it out and the
    // state travels as the handler wrote it.
    requestState: RequestStateSecurity.ephemeral(),
    logger: options.logger,
    callTool: (_name, args, ctx) => {
      // Nothing validates arguments for a low-level handler: it checks what it uses.
      const { name, size } = args;
      if (typeof name !== 'string' || name === '' || (size !== undefined && size !== 'small' && size !== 'large')) {
        return {
          isError: true,
          content: [
            { type: 'text', text: 'provision needs a non-empty name and, optionally, size "small" or "large".' },
          ],
        };
      }
      return provisionRound({ name, size }, ctx.inputResponses, ctx.requestState);
    },
  });
}
