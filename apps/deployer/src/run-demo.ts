import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** Anything with a web-standard `fetch` face: the plain SDK deployer and the decorated one both have it. */
export interface InMemoryServer {
  fetch(request: Request): Promise<Response>;
}

/**
 * Calls `deploy` on `server` in memory with the official SDK client, answering the region question with
 * `region`, and prints what crosses the wire: the sealed state is shown as its `kms1.` prefix and length,
 * since its body (the change ticket inside) is encrypted. Returns the result's text.
 */
export async function runDeployerDemo(
  server: InMemoryServer,
  print: (line: string) => void,
  region = 'eu-west-1',
): Promise<string> {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await server.fetch(request.clone());
    if (request.headers.get('mcp-method') === 'tools/call') {
      const sent = (await request.json()) as { params: { requestState?: string } };
      const answered = (await response.clone().json()) as { result?: { requestState?: string } };
      print(`-> tools/call deploy${sent.params.requestState ? ` with ${sealed(sent.params.requestState)}` : ''}`);
      const state = answered.result?.requestState;
      print(`<- ${state ? `input required, ${sealed(state)}` : 'result'}`);
    }
    return response;
  };

  const client = new Client(
    { name: 'deployer-demo', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    print(`   ? "${request.params.message}" -> ${region}`);
    return { action: 'accept', content: { region } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://deployer.local/mcp'), { fetch }));
  try {
    const result = await client.callTool({ name: 'deploy', arguments: { service: 'api' } });
    const text = (result.content as Array<{ text?: string }>)[0]?.text ?? JSON.stringify(result);
    print(`result: ${text}`);
    return text;
  } finally {
    await client.close();
  }
}

function sealed(state: string): string {
  return `requestState ${state.slice(0, state.indexOf('.'))}... (${state.length} chars)`;
}
