import type { Client, InputRequiredResult, InputResponses } from '@modelcontextprotocol/client';

/** The call a flow repeats each round: same method, same name or URI, same arguments. */
export type FlowCall =
  | { method: 'tools/call'; name: string; arguments?: Record<string, unknown> }
  | { method: 'prompts/get'; name: string; arguments?: Record<string, string> }
  | { method: 'resources/read'; uri: string };

/** `tools/call "provision"`, for failure messages. */
export function describeFlowCall(call: FlowCall): string {
  return `${call.method} "${call.method === 'resources/read' ? call.uri : call.name}"`;
}

export interface LegSeed {
  inputResponses?: InputResponses;
  requestState?: string;
  _meta?: Record<string, unknown>;
}

/** Sends one leg through the SDK client's manual mode: `input_required` comes back to the caller as a result. */
export async function sendLeg(
  client: Client,
  call: FlowCall,
  seed: LegSeed,
): Promise<Record<string, unknown> | InputRequiredResult> {
  const fields = {
    ...(seed._meta !== undefined && { _meta: seed._meta }),
    ...(seed.inputResponses !== undefined &&
      Object.keys(seed.inputResponses).length > 0 && { inputResponses: seed.inputResponses }),
    ...(seed.requestState !== undefined && { requestState: seed.requestState }),
  };
  const options = { allowInputRequired: true as const };
  if (call.method === 'tools/call') {
    return client.request(
      { method: 'tools/call', params: { name: call.name, arguments: call.arguments ?? {}, ...fields } },
      options,
    ) as Promise<Record<string, unknown>>;
  }
  if (call.method === 'prompts/get')
    return client.getPrompt({ name: call.name, arguments: call.arguments, ...fields }, options);
  // Every leg of a flow is its own answer: never served from the client's resource cache.
  return client.readResource({ uri: call.uri, ...fields }, { ...options, cacheMode: 'bypass' as const });
}
