import {
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';

export const REGIONS = ['eu-west', 'us-east', 'ap-south'] as const;
export type Region = (typeof REGIONS)[number];

export interface ProvisionRequest {
  name: string;
  size?: 'small' | 'large';
}

// What the first round leaves in requestState: the answer on the retry belongs to this question.
const ASKED_REGION = 'asked:region';

/**
 * One round of `provision`, the same for both servers: without a valid region it asks (returns an
 * InputRequiredResult); with one it provisions. Handlers re-run from the top every round, so this only
 * reads the retry's answer and state; it keeps nothing between rounds.
 */
export function provisionRound(
  request: ProvisionRequest,
  inputResponses: Record<string, unknown> | undefined,
  requestState: unknown,
): CallToolResult | InputRequiredResult {
  const answer = requestState === ASKED_REGION ? inputResponse(inputResponses, 'region') : { kind: 'missing' as const };
  if (answer.kind === 'elicit' && answer.action !== 'accept') {
    return {
      isError: true,
      content: [{ type: 'text', text: `Provisioning of ${request.name} cancelled: no region was chosen.` }],
    };
  }
  const region = answer.kind === 'elicit' ? answer.content?.region : undefined;
  if (!isRegion(region)) {
    // Missing, or not one of the offered regions (answers are untrusted): ask (again).
    return inputRequired({ inputRequests: { region: regionQuestion(request.name) }, requestState: ASKED_REGION });
  }
  const size = request.size ?? 'small';
  return {
    content: [{ type: 'text', text: `Provisioned ${request.name} (${size}) in ${region}.` }],
    structuredContent: { name: request.name, size, region },
  };
}

/** Built from the arguments only, so the question is identical on every round and every worker. */
export function regionQuestion(name: string) {
  return inputRequired.elicit({
    message: `Which region should ${name} run in?`,
    requestedSchema: {
      type: 'object',
      properties: { region: { type: 'string', title: 'Region', enum: [...REGIONS] } },
      required: ['region'],
    },
  });
}

function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}
