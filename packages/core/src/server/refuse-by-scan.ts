import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from '../app/request-limits';
import { boundsRefusal, countsProblem } from './check-argument-bounds';
import { runYielding } from './run-in-slices';
import { decodeJson, scanJsonStructure, scanSteps, type ScannedEnvelope } from './scan-json-structure';

/**
 * Below this size a body is not scanned: JSON.parse of even the worst shape (one object of tiny keys,
 * about 40 ms per MiB) takes under a millisecond, and ordinary calls, far smaller, pay nothing.
 */
export const SCAN_FROM_BYTES = 16 * 1024;

/**
 * Refuses, before it is decoded and parsed, a large `tools/call`/`prompts/get` body whose `arguments`
 * cross the request limits, with the -32602 answer the post-parse check (checkArgumentBounds) gives;
 * that check stays the authority for everything this lets through. Parsing 100 000 keys holds the event
 * loop for 20-60 ms; the scan reads the bytes once, allocates nothing per token, and gives the event
 * loop a turn every SLICE_BYTES.
 *
 * It never refuses a call the post-parse check accepts, with one deliberate exception: a name repeated
 * inside one object of `arguments` is counted each time it is sent, where JSON.parse keeps the last
 * (RFC 8259 asks for unique names). Resolving repeats exactly would need the parse itself, and one
 * repeated name would then be enough to make the server parse any body: the bound is on what is sent.
 */
export async function refuseByScan(body: Uint8Array, limits: ResolvedRequestLimits): Promise<JSONRPCMessage | undefined> {
  if (body.length < SCAN_FROM_BYTES) return undefined;
  // in slices, with a turn of the event loop between them: other requests go on while a large body is read
  return refusalOf(await runYielding(scanSteps(body, limits)), body, limits);
}

/** The scan's answer for a body of any size, at once (refuseByScan skips small ones and slices the rest). */
export function scanRefusal(body: Uint8Array, limits: ResolvedRequestLimits): JSONRPCMessage | undefined {
  return refusalOf(scanJsonStructure(body, limits), body, limits);
}

function refusalOf(found: ScannedEnvelope | undefined, body: Uint8Array, limits: ResolvedRequestLimits): JSONRPCMessage | undefined {
  if (found?.args === undefined || found.id === undefined || found.method === undefined) return undefined;
  const { keys, items, depth } = found.args;
  const problem = countsProblem(keys, items, depth, limits);
  if (problem === undefined) return undefined;
  // decoded only now, for the answer: id and method as checkArgumentBounds reads them from the parse
  const id = decodeJson(body, found.id);
  const method = decodeJson(body, found.method);
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof method !== 'string') return undefined;
  return boundsRefusal(id, method, found.name === undefined ? undefined : decodeJson(body, found.name), problem);
}
