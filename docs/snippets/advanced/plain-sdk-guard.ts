import { acceptedContent, inputRequired, McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { protectRequestState, RequestStateSecurity } from '@tessera/request-state';
import { z } from 'zod';

const KEY = process.env.STATE_KEY!;
const inputSchema = z.object({ service: z.string().min(1) });
const requestedSchema = {
  type: 'object' as const,
  properties: { region: { type: 'string' as const, enum: ['eu-west-1', 'us-east-1'] } },
  required: ['region'],
};

// #region example
const guard = protectRequestState<ServerContext>(new RequestStateSecurity({ keys: [KEY] }), {
  audience: 'deployer',
  onInvalid: (error, method) => console.warn({ method, reason: error.reason }, 'requestState refused'),
});
const server = guard.install(
  new McpServer({ name: 'deployer', version: '1.0.0' }, { requestState: { verify: guard.verify } }),
);

server.registerTool('deploy', { inputSchema }, async (args, ctx) => {
  const request = { target: 'deploy', arguments: args };
  const state = guard.read(ctx, request); // undefined on the first round
  const answer = acceptedContent<{ region: string }>(ctx.mcpReq.inputResponses, 'region');
  if (state === undefined || answer === undefined) {
    return inputRequired({
      inputRequests: { region: inputRequired.elicit({ message: 'Which region?', requestedSchema }) },
      requestState: await guard.mint({ step: 1 }, ctx, request),
    });
  }
  return { content: [{ type: 'text', text: `Deployed ${args.service} to ${answer.region}` }] };
});
// #endregion example
