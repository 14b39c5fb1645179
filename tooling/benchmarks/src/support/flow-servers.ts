import {
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  inputRequired,
  ProtocolError,
  Server,
  type CallToolResult,
  type Tool as SdkTool,
} from '@modelcontextprotocol/server';
import type { FetchFace, WireCall } from './wire';

/**
 * One multi-round flow, two legs: `provision({ name })` asks one form question (`region`, eu or us),
 * the client retries with the answer and the sealed state, and the tool answers
 * `provisioned <name> in <region>`. Written once with Tessera's `@Elicit`, once by hand on the raw SDK.
 */
export interface FlowServer {
  name: string;
  fetch: FetchFace;
  close(): Promise<void>;
}

export const FLOW_ARGS = { name: 'web1' };
export const FLOW_CAPABILITIES = { elicitation: {} };
export const FLOW_ANSWER = { region: { action: 'accept', content: { region: 'eu' } } };
export const FLOW_RESULT = 'provisioned web1 in eu';

export const firstLeg: WireCall = {
  method: 'tools/call',
  params: { name: 'provision', arguments: FLOW_ARGS },
  capabilities: FLOW_CAPABILITIES,
};
export function secondLeg(requestState: string): WireCall {
  return {
    method: 'tools/call',
    params: { name: 'provision', arguments: FLOW_ARGS, requestState, inputResponses: FLOW_ANSWER },
    capabilities: FLOW_CAPABILITIES,
  };
}

const STATE_KEY = 'bench-flow-key-'.padEnd(48, 'k');

/**
 * The raw SDK: a fresh low-level `Server` per request, `requestState.verify` from the SDK's own
 * `createRequestStateCodec` (HMAC-SHA256), the state bound to the method and the caller's client id,
 * carrying the arguments it was minted for; the answer checked by hand.
 */
export function rawFlowServer(): FlowServer {
  const codec = createRequestStateCodec<{ name: string }>({
    key: STATE_KEY,
    bind: (ctx) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`,
  });
  const regionSchema = {
    type: 'object' as const,
    properties: { region: { type: 'string' as const, title: 'Region', enum: ['eu', 'us'] } },
    required: ['region'],
  };
  const tools: SdkTool[] = [
    {
      name: 'provision',
      description: 'Provision a machine',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', description: 'Machine name', minLength: 3 } },
        required: ['name'],
      },
    },
  ];
  const handler = createMcpHandler(() => {
    const server = new Server(
      { name: 'raw-flow', version: '1.0.0' },
      { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
    );
    server.setRequestHandler('tools/list', () => ({ tools }));
    server.setRequestHandler('tools/call', async (req, ctx) => {
      if (req.params.name !== 'provision') throw new ProtocolError(-32602, `Unknown tool: ${req.params.name}`);
      const args = (req.params.arguments ?? {}) as { name?: unknown };
      if (typeof args.name !== 'string' || args.name.length < 3) {
        return {
          isError: true,
          content: [{ type: 'text', text: 'name: must be a string of at least 3 characters' }],
        } satisfies CallToolResult;
      }
      const state = ctx.mcpReq.requestState<{ name: string }>();
      const answer = acceptedContent<{ region: string }>(ctx.mcpReq.inputResponses, 'region');
      const valid = answer !== undefined && (answer.region === 'eu' || answer.region === 'us');
      if (typeof state !== 'object' || state === null || state.name !== args.name || !valid) {
        return inputRequired({
          inputRequests: {
            region: inputRequired.elicit({ message: `Where should ${args.name} run?`, requestedSchema: regionSchema }),
          },
          requestState: await codec.mint({ name: args.name }, ctx),
        });
      }
      return {
        content: [{ type: 'text', text: `provisioned ${args.name} in ${answer!.region}` }],
      } satisfies CallToolResult;
    });
    return server;
  });
  return {
    name: 'raw SDK low-level Server + createRequestStateCodec (HMAC)',
    fetch: handler.fetch,
    close: () => handler.close(),
  };
}
