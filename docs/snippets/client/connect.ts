import { TesseraClient } from '@tessera/client';

// #region example
const client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { region: 'eu' } }) });
await client.connect({ url: 'http://127.0.0.1:3000/mcp' }); // or { fetch: app.fetch } in memory, or { command, args }
const result = await client.callTool({ name: 'provision', arguments: { name: 'web1' } });
// #endregion example
console.log(result.content);
