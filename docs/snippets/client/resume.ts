import { readFile, writeFile } from 'node:fs/promises';
import { createFlowRecord, isInputRequired, parseFlowRecord, TesseraClient, type McpCall } from '@tessera/client';

const client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { env: 'prod' } }) });
await client.connect({ url: 'http://127.0.0.1:3000/mcp' });
const file = 'flow.json';

// #region process-a
const params = { name: 'deploy', arguments: { env: 'prod' } };
const call: McpCall = { method: 'tools/call', ...params };
const first = await client.callTool(params, { allowInputRequired: true });
if (isInputRequired(first)) {
  const answers = await client.fulfil(first.inputRequests ?? {}, { call });
  await writeFile(file, JSON.stringify(createFlowRecord(call, first, answers)));
}
// #endregion process-a

// #region process-b
// the same server, or a fleet that shares requestState keys
const done = await client.resume(parseFlowRecord(await readFile(file, 'utf8')));
// #endregion process-b
console.log(done);
