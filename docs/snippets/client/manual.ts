import { isInputRequired, TesseraClient } from '@tessera/client';

const client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { region: 'eu' } }) });
await client.connect({ url: 'http://127.0.0.1:3000/mcp' });
const params = { name: 'provision', arguments: { name: 'web1' } };
const call = { method: 'tools/call' as const, ...params };

// #region example
let result = await client.callTool(params, { allowInputRequired: true }); // CallToolResult | InputRequiredResult
while (isInputRequired(result)) {
  const inputResponses = await client.fulfil(result.inputRequests ?? {}, { call }); // the same callbacks
  result = await client.callTool(params, {
    allowInputRequired: true,
    inputResponses,
    requestState: result.requestState,
  });
}
// or: write createFlowRecord(call, result, answers) to disk, and client.resume(parseFlowRecord(json)) in another process
// #endregion example
