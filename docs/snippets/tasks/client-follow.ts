import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { TesseraClient } from '@tessera/client';

declare function askUser(params: ElicitRequestParams): Promise<Record<string, string | number | boolean>>;
const tables = ['users', 'orders'];
const signal = AbortSignal.timeout(60_000);

// #region example
const client = new TesseraClient({
  elicitation: async (params) => ({ action: 'accept', content: await askUser(params) }),
  hooks: { onTaskStatus: (e) => console.log(`${e.status} ${e.statusMessage ?? ''}`) }, // the status line
});
await client.connect({ url: 'http://127.0.0.1:3000/mcp' });
const result = await client.callTool({ name: 'migrate', arguments: { tables } }, { signal });
// #endregion example
console.log(result.content);
