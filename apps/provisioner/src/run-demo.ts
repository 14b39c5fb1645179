import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import type { Region } from './provision-round';

/** Anything with a web-standard `fetch` face: both provisioner servers have one. */
export interface InMemoryServer {
  fetch(request: Request): Promise<Response>;
}

/**
 * Runs the official SDK client against `server` in memory (its HTTP transport calls `server.fetch`
 * directly) and calls `provision`, answering the region question with `pick`. Prints every round as it
 * crosses the wire; the client's automatic retry makes the rounds invisible to `callTool` itself.
 */
export async function runDemo(
  server: InMemoryServer,
  print: (line: string) => void,
  pick: Region = 'eu-west',
): Promise<CallToolResult> {
  let round = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const call = await toolCallIn(request.clone());
    if (call) {
      round += 1;
      const retry =
        call.requestState !== undefined
          ? ` with inputResponses ${JSON.stringify(call.inputResponses)} and requestState (${String(call.requestState).length} chars)`
          : '';
      print(`-> round ${round}: tools/call ${call.name} ${JSON.stringify(call.arguments)}${retry}`);
    }
    const response = await server.fetch(request);
    if (call) print(`<- ${describe(await jsonRpcIn(response.clone()))}`);
    return response;
  };

  const client = new Client(
    { name: 'provisioner-demo', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    print(`   ? "${request.params.message}" -> ${pick}`);
    return { action: 'accept', content: { region: pick } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://provisioner.local/mcp'), { fetch }));
  try {
    const result = await client.callTool({ name: 'provision', arguments: { name: 'web-1', size: 'large' } });
    print(`result: ${(result.content as Array<{ text?: string }>)[0]?.text ?? JSON.stringify(result)}`);
    return result;
  } finally {
    await client.close();
  }
}

interface ToolCallParams {
  name: string;
  arguments?: unknown;
  inputResponses?: unknown;
  requestState?: unknown;
}

async function toolCallIn(request: Request): Promise<ToolCallParams | undefined> {
  if (request.method !== 'POST') return undefined;
  const body = JSON.parse((await request.text()) || 'null') as { method?: string; params?: ToolCallParams } | null;
  return body?.method === 'tools/call' ? body.params : undefined;
}

async function jsonRpcIn(
  response: Response,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const text = await response.text();
  // A JSON body, or a server-sent-events stream whose last data line is the response.
  const data = text.trimStart().startsWith('{')
    ? text
    : (text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .pop()
        ?.slice(5) ?? '{}');
  return JSON.parse(data);
}

function describe(message: { result?: Record<string, unknown>; error?: { code: number; message: string } }): string {
  if (message.error) return `error ${message.error.code}: ${message.error.message}`;
  const result = message.result ?? {};
  if (result.resultType === 'input_required') {
    const keys = Object.keys((result.inputRequests as object | undefined) ?? {});
    return `input_required: asks ${keys.join(', ')}; requestState ${String(result.requestState).slice(0, 24)}... (sealed)`;
  }
  return `complete: ${JSON.stringify(result.structuredContent ?? result.content)}`;
}
