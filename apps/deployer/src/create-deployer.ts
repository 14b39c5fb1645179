import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  McpServer,
  type McpHttpHandler,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { protectRequestState, RequestStateSecurity, type InvalidRequestStateError } from '@tessera/request-state';
import { z } from 'zod';
import type { InProcessKms } from './in-process-kms';
import { KmsEnvelopeCodec } from './kms-envelope.codec';

export interface DeployerOptions {
  kms: InProcessKms;
  keyId: string;
  /** Server log for refused states (the wire only ever says "Invalid or expired requestState"). */
  onInvalid?: (error: InvalidRequestStateError, method: string) => void;
}

const deployArgs = z.object({ service: z.string().min(1) });
const regionQuestion = {
  type: 'object' as const,
  properties: { region: { type: 'string' as const, enum: ['eu-west-1', 'us-east-1', 'ap-south-1'] } },
  required: ['region'],
};

interface DeployState {
  service: string;
  ticket: string;
}

/**
 * A plain SDK server whose `deploy` tool asks which region, carrying its progress in requestState sealed
 * by the KMS envelope codec. Stateless: any instance sharing the KMS key can serve any round.
 */
export function createDeployerHandler(options: DeployerOptions): McpHttpHandler {
  const security = new RequestStateSecurity<ServerContext>({ codec: new KmsEnvelopeCodec(options.kms, options.keyId) });
  const guard = protectRequestState(security, { audience: 'deployer', onInvalid: options.onInvalid });

  return createMcpHandler(() => {
    // install: a read() refusal (other arguments) is the fixed -32602 rather than McpServer's isError result
    const server = guard.install(
      new McpServer({ name: 'deployer', version: '0.1.0' }, { requestState: { verify: guard.verify } }),
    );
    server.registerTool(
      'deploy',
      { description: 'Deploy a service to a region', inputSchema: deployArgs },
      async (args, ctx) => {
        const request = { target: 'deploy', arguments: args };
        const state = guard.read(ctx, request) as DeployState | undefined;
        const answer = acceptedContent<{ region: string }>(ctx.mcpReq.inputResponses, 'region');
        if (state === undefined || answer === undefined) {
          return inputRequired({
            inputRequests: {
              region: inputRequired.elicit({
                message: `Which region should ${args.service} go to?`,
                requestedSchema: regionQuestion,
              }),
            },
            // an internal change ticket: the client must not read it, hence a sealing (encrypting) codec
            requestState: await guard.mint(
              { service: args.service, ticket: `CHG-${args.service.length}-internal` } satisfies DeployState,
              ctx,
              request,
            ),
          });
        }
        return {
          content: [{ type: 'text', text: `Deployed ${state.service} to ${answer.region} under ${state.ticket}` }],
        };
      },
    );
    return server;
  });
}
