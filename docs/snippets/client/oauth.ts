import { readFile } from 'node:fs/promises';
// #region example
import {
  authorizationCode,
  clientCredentials,
  loopbackRedirect,
  TesseraClient,
  workloadIdentity,
} from '@tessera/client';

const client = new TesseraClient();
const url = 'https://mcp.example.com/mcp';

// A person: authorization code + PKCE through the browser; the answer comes back to a listener on 127.0.0.1.
await client.connect({
  url,
  auth: authorizationCode({
    redirect: loopbackRedirect({ open: (url) => console.log(`Open ${url}`) }), // port 0: a free one, kept
    clientId: 'my-app', // or clientMetadataUrl, or nothing: dynamic registration
  }),
});

// A machine: client credentials.
await client.connect({ url, auth: clientCredentials({ clientId: 'ci-bot', clientSecret: process.env.SECRET! }) });

// A workload: its platform's JWT (Kubernetes, cloud or CI OIDC token) exchanged with the JWT bearer grant (RFC 7523).
await client.connect({
  url,
  auth: workloadIdentity({ clientId: 'worker', assertion: () => readFile('/var/run/secrets/token', 'utf8') }),
});
// #endregion example
