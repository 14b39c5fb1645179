import {
  ECHO_CALL,
  ECHO_TEXT,
  rawLowLevelEcho,
  rawLowLevelParsedEcho,
  rawMcpServerEcho,
  type EchoServer,
} from './echo-servers';
import { tesseraEcho } from './tessera-echo';
import { firstLeg, FLOW_RESULT, rawFlowServer, secondLeg, type FlowServer } from './flow-servers';
import { tesseraFlowServer } from './tessera-flow';
import type { Variant } from './measure';
import { buildRequest, callOnce, expectText, parseAnswer, prepared, type FetchFace } from './wire';

/**
 * Every measured variant, by id, so that it can be built in a process of its own (slice-worker.ts):
 *   tools:<raw|mcp|tessera|parsed>:<tool count>   one tools/call of `echo`
 *   flow:<raw|tessera>:<flow|leg1|leg2>            the @Elicit flow, or one of its legs
 * Each is checked (answers, tool count) before it is measured.
 */
export async function makeVariant(id: string): Promise<Variant<Request[]>> {
  const [bench, kind, arg] = id.split(':') as [string, string, string];
  if (bench === 'tools') {
    const tools = Number(arg);
    const make = { raw: rawLowLevelEcho, mcp: rawMcpServerEcho, tessera: tesseraEcho, parsed: rawLowLevelParsedEcho }[
      kind
    ];
    if (!make || !(tools > 0)) throw new Error(`unknown variant ${id}`);
    const server = make(tools);
    expectText(await callOnce(server.fetch, ECHO_CALL), ECHO_TEXT, server.name);
    const listed = await countTools(server.fetch);
    if (listed !== tools) throw new Error(`${server.name}: tools/list has ${listed} tools, expected ${tools}`);
    return echoVariant(server);
  }
  if (bench === 'flow') {
    const server = kind === 'raw' ? rawFlowServer() : kind === 'tessera' ? tesseraFlowServer() : undefined;
    const variant = server && { flow: flowVariant, leg1: leg1Variant, leg2: leg2Variant }[arg];
    if (!server || !variant) throw new Error(`unknown variant ${id}`);
    const state = await leg1State(server, buildRequest(firstLeg));
    expectText(
      parseAnswer(await (await server.fetch(buildRequest(secondLeg(state), undefined, 2))).text()),
      FLOW_RESULT,
      server.name,
    );
    return variant(server, state);
  }
  throw new Error(`unknown variant ${id}`);
}

async function countTools(fetch: FetchFace): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const answer = await callOnce(fetch, { method: 'tools/list', params: cursor ? { cursor } : {} });
    const result = answer.result as { tools?: unknown[]; nextCursor?: string } | undefined;
    if (!result?.tools) throw new Error(`tools/list failed: ${JSON.stringify(answer).slice(0, 300)}`);
    count += result.tools.length;
    cursor = result.nextCursor;
    if (!cursor) return count;
  }
  throw new Error('tools/list never ended');
}

async function drain(server: { name: string; fetch: FetchFace }, request: Request): Promise<string> {
  const response = await server.fetch(request);
  const text = await response.text();
  if (response.status !== 200 || text.length === 0)
    throw new Error(`${server.name}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/** Pre-built tools/call requests, sent one after the other; each answer read in full. */
function echoVariant(server: EchoServer): Variant<Request[]> {
  const call = prepared(ECHO_CALL);
  return {
    name: server.name,
    prepare: (n) => call.requests(n),
    run: async (batch) => {
      for (const request of batch) await drain(server, request);
    },
  };
}

async function leg1State(server: FlowServer, request: Request): Promise<string> {
  const answer = parseAnswer(await drain(server, request));
  const result = answer.result as
    { resultType?: string; requestState?: unknown; inputRequests?: Record<string, unknown> } | undefined;
  if (
    result?.resultType !== 'input_required' ||
    typeof result.requestState !== 'string' ||
    !result.inputRequests?.region
  ) {
    throw new Error(`${server.name}: leg 1 did not ask for the region: ${JSON.stringify(answer).slice(0, 400)}`);
  }
  return result.requestState;
}

/** The whole flow: leg 1 (pre-built), then leg 2 built from its state; the client-side work is the same for every server. */
function flowVariant(server: FlowServer): Variant<Request[]> {
  const leg1 = prepared(firstLeg);
  return {
    name: server.name,
    prepare: (n) => leg1.requests(n),
    run: async (batch) => {
      for (const request of batch) {
        const state = await leg1State(server, request);
        const text = await drain(server, buildRequest(secondLeg(state), undefined, 2));
        if (!text.includes(FLOW_RESULT))
          throw new Error(`${server.name}: leg 2 did not complete: ${text.slice(0, 300)}`);
      }
    },
  };
}

function leg1Variant(server: FlowServer): Variant<Request[]> {
  const leg1 = prepared(firstLeg);
  return {
    name: server.name,
    prepare: (n) => leg1.requests(n),
    run: async (batch) => void (await sequentially(server, batch)),
  };
}

/** Leg 2 alone replays one state (both servers accept a state again within its TTL). */
function leg2Variant(server: FlowServer, state: string): Variant<Request[]> {
  const leg2 = prepared(secondLeg(state));
  return {
    name: server.name,
    prepare: (n) => leg2.requests(n),
    run: async (batch) => void (await sequentially(server, batch)),
  };
}

async function sequentially(server: FlowServer, batch: Request[]): Promise<void> {
  for (const request of batch) await drain(server, request);
}
