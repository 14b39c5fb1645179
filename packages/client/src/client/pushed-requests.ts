import type {
  Client as SdkClient,
  CreateMessageResult,
  ElicitResult,
  InputRequest,
  InputResponse,
  ListRootsResult,
} from '@modelcontextprotocol/client';
import type { InputAnswerer } from '../callbacks/input-answerer';
import type { InputKind } from '../callbacks/input-kind';
import { mergeHooks } from '../rounds/merge-hooks';
import type { TesseraClientOptions } from './client-options';

/** 2025-era servers push requests instead of returning rounds; the same callbacks, refusals and hooks answer them. */
export function answerPushedRequests(sdk: SdkClient, options: TesseraClientOptions, answerer: InputAnswerer): void {
  const answer = async (kind: InputKind, request: InputRequest, signal: AbortSignal): Promise<InputResponse> => {
    const where = 'the server (2025-era push request)';
    const hooks = mergeHooks(options.hooks);
    answerer.assertAnswerable(kind, request, where, {});
    await hooks.onInputRequest({ kind, request });
    const response = await answerer.answer(kind, request, where, { signal });
    await hooks.onInputResponse({ kind, request, response });
    return response;
  };
  // The answerer returns the union of answers; each kind's callback type already guarantees the right member.
  if (options.elicitation !== undefined)
    sdk.setRequestHandler(
      'elicitation/create',
      (request, ctx) => answer('elicitation', request, ctx.mcpReq.signal) as Promise<ElicitResult>,
    );
  if (options.sampling !== undefined)
    sdk.setRequestHandler(
      'sampling/createMessage',
      (request, ctx) => answer('sampling', request, ctx.mcpReq.signal) as Promise<CreateMessageResult>,
    );
  if (options.listRoots !== undefined)
    sdk.setRequestHandler(
      'roots/list',
      (request, ctx) => answer('roots', request, ctx.mcpReq.signal) as Promise<ListRootsResult>,
    );
}
