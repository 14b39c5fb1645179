import { Server, createMcpHandler, inputRequired } from '@modelcontextprotocol/server';
import { TesseraClient } from '@tessera/client';

/** A raw SDK server whose tool declares an x-mcp-header argument (SEP-2243). */
function headerServer(seen: Array<string | null>) {
  const handler = createMcpHandler(() => {
    const s = new Server({ name: 'h', version: '1' }, { capabilities: { tools: {} } });
    s.setRequestHandler('tools/list', () => ({
      tools: [
        {
          name: 'regional',
          inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
          outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        },
      ],
    }));
    s.setRequestHandler('tools/call', (_req, ctx) =>
      ctx.mcpReq.inputResponses?.sure
        ? { content: [{ type: 'text', text: 'ok' }], structuredContent: { ok: true } }
        : inputRequired({
            inputRequests: {
              sure: inputRequired.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }),
            },
          }),
    );
    return s;
  });
  return {
    fetch: (r: Request) => {
      if (r.headers.get('mcp-method') === 'tools/call') seen.push(r.headers.get('mcp-param-region'));
      return handler.fetch(r);
    },
  };
}

test('after listTools, every leg mirrors x-mcp-header arguments, and an output schema does not break input_required legs', async () => {
  const seen: Array<string | null> = [];
  const client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: {} }) });
  await client.connect(headerServer(seen));
  await client.callTool({ name: 'regional', arguments: { region: 'us-west1' } });
  await client.listTools();
  const result = await client.callTool({ name: 'regional', arguments: { region: 'us-west1' } });
  expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
  expect(seen).toEqual([null, null, 'us-west1', 'us-west1']);
});
