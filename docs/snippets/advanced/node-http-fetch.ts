import { TesseraClient, nodeHttpFetch } from '@tessera/client';

const client = new TesseraClient();
// #region example
await client.connect({ url: 'http://127.0.0.1:3000/mcp', fetch: nodeHttpFetch() });
// #endregion example
