// Drives one tool call from the official Tasks requester (@modelcontextprotocol/ext-tasks) over the SDK
// Client, against the Streamable HTTP endpoint in argv[2]. Prints one JSON line: the settled outcome and
// what the requester asked. The raw V2 request path the requester needs is plain fetch here: this script is
// the "host" that owns request ids for task traffic, as the package's adapter guide describes.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';

const [url, tool, argsJson, answersJson] = process.argv.slice(2);
const answers = JSON.parse(answersJson ?? '{}');
const clientInfo = { name: 'ext-tasks-interop', version: '1.0.0' };
const clientCapabilities = { elicitation: { form: {} } };

const client = new Client(clientInfo, { capabilities: clientCapabilities, versionNegotiation: { mode: 'auto' } });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const protocolVersion = client.getNegotiatedProtocolVersion();

let nextId = 1;
const NAME_SOURCE = { 'tools/call': 'name', 'tasks/get': 'taskId', 'tasks/update': 'taskId', 'tasks/cancel': 'taskId' };

/** One JSON-RPC request over HTTP with the 2026-07-28 standard headers; the answer as JSON or SSE. */
async function rawDispatch(request, options = {}) {
  const message = { jsonrpc: '2.0', ...request, id: request.id ?? `raw-${nextId++}` };
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': protocolVersion,
    'mcp-method': message.method,
  };
  const field = NAME_SOURCE[message.method];
  if (field !== undefined && typeof message.params?.[field] === 'string') headers['mcp-name'] = message.params[field];
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message), signal: options.signal });
  const body = await response.text();
  const replies = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)))
    : [JSON.parse(body)];
  const reply = replies.find((r) => r.id === message.id);
  if (reply === undefined)
    throw new Error(`no reply to ${message.method} (HTTP ${response.status}): ${body.slice(0, 200)}`);
  return reply.error !== undefined ? { kind: 'error', error: reply.error } : { kind: 'result', result: reply.result };
}

const asked = [];
const session = createTaskSessionFromClient(client, {
  endpointId: 'tessera-interop',
  rawDispatch,
  v2RequestFraming: { protocolVersion, clientInfo, clientCapabilities },
  onInputRequest: async (request, context) => {
    asked.push({
      kind: request.kind,
      message: request.params?.message,
      scope: context.scope,
      delivery: context.delivery,
    });
    return { action: 'accept', content: answers[request.params?.message] ?? {} };
  },
});
try {
  const execution = await session.callTool(tool, JSON.parse(argsJson ?? '{}'));
  const { outcome } = await execution.settle();
  let result;
  let thrown;
  try {
    result = resultFromTaskOutcome(outcome);
  } catch (error) {
    thrown = String(error?.message ?? error);
  }
  process.stdout.write(JSON.stringify({ status: outcome.status, result, thrown, asked, error: outcome.error }) + '\n');
} finally {
  await session.close();
  await client.close();
}
