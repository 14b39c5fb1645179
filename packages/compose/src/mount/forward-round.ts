import type { InputRequiredResult, InputResponses } from '@modelcontextprotocol/server';
import { isInputRequired, type ManualCallOptions } from '@tessera/client';
import { ToolError, type ExecutionContext } from '@tessera/core';
import type { RemoteConnection } from './remote-connection';

/**
 * What the mount keeps between its caller's rounds: the remote's own `requestState`, byte for byte. It travels
 * inside our state, which core seals, so the caller holds it only encrypted and bound to this call; the remote
 * then checks it as it always does.
 */
interface MountState {
  remote?: string;
}

/**
 * One round of a mounted call: this round's answers and the remote's state (opened from ours) go to the
 * remote; its questions come back as ours, its new state sealed inside ours. A failure to reach the remote,
 * or its refusal, is an error naming the mount and what was called.
 */
export async function forwardRound<R>(
  connection: RemoteConnection,
  ctx: ExecutionContext,
  what: string,
  send: (options: ManualCallOptions) => Promise<R | InputRequiredResult>,
): Promise<R | InputRequiredResult> {
  const state = ctx.requestState as MountState | undefined;
  const options: ManualCallOptions = {
    allowInputRequired: true,
    signal: ctx.signal,
    legTimeoutMs: connection.callTimeoutMs,
    ...(ctx.inputResponses !== undefined && { inputResponses: ctx.inputResponses as InputResponses }),
    ...(state?.remote !== undefined && { requestState: state.remote }),
  };
  let result: R | InputRequiredResult;
  try {
    result = await connection.as(ctx.authInfo?.token, () => send(options));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ToolError(`mount "${connection.options.prefix}": ${what} failed on the remote server: ${reason}`, {
      cause,
    });
  }
  if (!isInputRequired(result)) return result;
  const next: MountState = result.requestState !== undefined ? { remote: result.requestState } : {};
  return {
    resultType: 'input_required',
    ...(result.inputRequests !== undefined && { inputRequests: result.inputRequests }),
    // always a state of ours, so a state-only round of the remote stays a round for our caller
    requestState: next as unknown as string,
  };
}
