import type { InputRequiredResult, InputResponses } from '@modelcontextprotocol/client';
import { InvalidFlowRecordError } from '../errors/invalid-flow-record.error';
import type { McpCall } from './mcp-call';

/**
 * Everything needed to continue a flow in another process: the call (repeated exactly), the server's state
 * byte for byte, and optionally the answers for the pending round. Plain JSON; the state is opaque to us.
 */
export type FlowRecord = McpCall & {
  requestState?: string;
  inputResponses?: InputResponses;
};

/** Records where a manual-mode flow stands after an `input_required` answer (and, optionally, the answers to it). */
export function createFlowRecord(
  call: McpCall,
  result: InputRequiredResult,
  inputResponses?: InputResponses,
): FlowRecord {
  return {
    ...call,
    ...(result.requestState !== undefined && { requestState: result.requestState }),
    ...(inputResponses !== undefined && { inputResponses }),
  };
}

/** Reads a record from JSON (or an already parsed value), checking its shape so a bad file fails clearly. */
export function parseFlowRecord(input: string | unknown): FlowRecord {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new InvalidFlowRecordError(`not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (!isObject(value)) throw new InvalidFlowRecordError('expected an object');
  checkTarget(value);
  if (value.requestState !== undefined && typeof value.requestState !== 'string') {
    throw new InvalidFlowRecordError('requestState must be a string');
  }
  if (value.inputResponses !== undefined && !isObject(value.inputResponses)) {
    throw new InvalidFlowRecordError('inputResponses must be an object keyed like inputRequests');
  }
  if (value._meta !== undefined && !isObject(value._meta)) throw new InvalidFlowRecordError('_meta must be an object');
  if (value.arguments !== undefined && !isObject(value.arguments)) {
    throw new InvalidFlowRecordError('arguments must be an object');
  }
  return value as FlowRecord;
}

function checkTarget(value: Record<string, unknown>): void {
  if (value.method === 'resources/read') {
    if (typeof value.uri !== 'string') throw new InvalidFlowRecordError('resources/read needs a string uri');
    return;
  }
  if (value.method !== 'tools/call' && value.method !== 'prompts/get') {
    throw new InvalidFlowRecordError(
      `method must be tools/call, prompts/get or resources/read, got ${JSON.stringify(value.method)}`,
    );
  }
  if (typeof value.name !== 'string') throw new InvalidFlowRecordError(`${value.method} needs a string name`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
