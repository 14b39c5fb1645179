import { createApp } from '@tessera/core';
import { machinesModule as module } from '../shared/machines';

// #region example
const app = createApp(module, {
  auth: {
    issuer: 'https://id.example.com', // its metadata is discovered (RFC 8414, then OpenID discovery)
    audience: 'https://mcp.example.com/mcp', // this server's URL: tokens must name it in `aud` (RFC 8707)
    requiredScopes: ['mcp'], // every request needs these
  },
});
// #endregion example
console.log(app);
