import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
  type FetchLike,
} from '@modelcontextprotocol/client';
import {
  authorizationCode,
  SkillVerificationError,
  TesseraClient,
  workloadIdentity,
  type AuthorizationCodeOptions,
  type TesseraClientOptions,
  type TesseraOAuthProvider,
} from '@tessera/client';
import { headlessRedirect } from './oauth';

/**
 * The scenarios of the client under test in the conformance suite's client leg. The suite starts a mock server per scenario
 * and runs `node main.js <server-url>` with MCP_CONFORMANCE_SCENARIO (and sometimes MCP_CONFORMANCE_CONTEXT)
 * set. Every scenario runs on @tessera/client (its automatic multi-round-trip loop and callbacks); the SDK
 * client underneath (`client.sdk`) serves the plain list calls. Exit 0 means the client did its part; the
 * suite itself judges the traffic.
 */

type Scenario = (serverUrl: string) => Promise<void>;

const CLIENT_INFO = { name: 'tessera-conformance-client', version: '0.1.0' };
/** The client id document used when the authorization server supports CIMD (SEP-991). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * The suite runs every client scenario at once (one process each); on a small, busy machine the first
 * exchange (which includes a whole OAuth flow) can take far longer than the SDK's 60 s default.
 */
const TIMEOUT_MS = Number(process.env.CONFORMANCE_CLIENT_TIMEOUT_MS ?? 150_000);
const slow = { timeout: TIMEOUT_MS };

const debug = (...parts: unknown[]) => {
  if (process.env.DEBUG_CONFORMANCE_CLIENT) console.error('[client]', ...parts);
};

function context(): Record<string, unknown> {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

function contextString(ctx: Record<string, unknown>, key: string): string {
  const value = ctx[key];
  if (typeof value !== 'string') throw new Error(`MCP_CONFORMANCE_CONTEXT has no string "${key}"`);
  return value;
}

async function connect(
  serverUrl: string,
  options: TesseraClientOptions = {},
  fetchLike?: FetchLike,
  auth?: OAuthClientProvider,
): Promise<TesseraClient> {
  const client = new TesseraClient({ ...CLIENT_INFO, protocol: 'auto', timeoutMs: TIMEOUT_MS, ...options });
  await client.connect(
    { url: serverUrl, ...(fetchLike && { fetch: fetchLike }), ...(auth && { auth }) },
    { timeoutMs: TIMEOUT_MS },
  );
  debug('connected, protocol', client.protocolVersion);
  return client;
}

/** Connects over a transport carrying an SDK auth provider (client credentials, JWT bearer). */
async function connectWithAuthProvider(serverUrl: string, authProvider: OAuthClientProvider): Promise<TesseraClient> {
  const client = new TesseraClient({ ...CLIENT_INFO, protocol: 'auto', timeoutMs: TIMEOUT_MS });
  await client.connect(
    { transport: new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider }) },
    { timeoutMs: TIMEOUT_MS },
  );
  return client;
}

/**
 * Some mocks (the MRTR and SEP-2243 header scenarios) serve only tools/resources/prompts and no
 * `server/discover`; the suite pins them to 2026-07-28. Answer the connect-time discovery locally, and let
 * every other request reach the mock.
 */
function withLocalDiscover(next: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    if (typeof init?.body === 'string') {
      let message: { method?: string; id?: unknown } | undefined;
      try {
        message = JSON.parse(init.body) as { method?: string; id?: unknown };
      } catch {
        message = undefined;
      }
      if (message?.method === 'server/discover') {
        return Response.json({
          jsonrpc: '2.0',
          id: message.id,
          result: {
            resultType: 'complete',
            supportedVersions: ['2026-07-28'],
            capabilities: { tools: {}, resources: {}, prompts: {} },
            _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'conformance-mock', version: '0.0.0' } },
          },
        });
      }
    }
    return next(input, init);
  };
}

const scenarios: Record<string, Scenario> = {};
const register = (names: string[], run: Scenario) => names.forEach((n) => (scenarios[n] = run));

// --- core ------------------------------------------------------------------------------------------------

register(['initialize', 'tools_call'], async (url) => {
  const client = await connect(url);
  const { tools } = await client.listTools(undefined, slow);
  if (tools.some((t) => t.name === 'add_numbers')) {
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 3 } });
    debug('add_numbers', JSON.stringify(result));
  }
  await client.close();
});

// SEP-1034 (2025-11-25): the mock pushes a form whose fields all carry defaults; accepting it with nothing
// filled in must send the defaults (the client fills them in).
register(['elicitation-sep1034-client-defaults'], async (url) => {
  const client = await connect(url, { elicitation: () => ({ action: 'accept', content: {} }) });
  await client.listTools(undefined, slow);
  debug(
    'test_client_elicitation_defaults',
    JSON.stringify(await client.callTool({ name: 'test_client_elicitation_defaults' })),
  );
  await client.close();
});

// SEP-1699 (2025-11-25): the mock closes the call's event stream after a priming event (id, retry); the
// client must come back with a GET carrying Last-Event-ID after `retry` ms, where the result arrives.
register(['sse-retry'], async (url) => {
  const client = await connect(url);
  await client.listTools(undefined, slow);
  debug('test_reconnection', JSON.stringify(await client.callTool({ name: 'test_reconnection' })));
  await client.close();
});

// SEP-2575: _meta and MCP-Protocol-Version on every request; the mock refuses the first with -32022 and
// the client must come back with a version it supports.
register(['request-metadata'], async (url) => {
  const client = await connect(url, {
    elicitation: () => ({ action: 'decline' }),
    sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'none' }),
    listRoots: () => ({ roots: [] }),
  });
  await client.listTools(undefined, slow).catch((e: unknown) => debug('tools/list', String(e)));
  await client.close();
});

// SEP-2322: the automatic round loop against the mock's MRTR tools.
register(['sep-2322-client-request-state'], async (url) => {
  const client = await connect(
    url,
    { elicitation: () => ({ action: 'accept', content: { confirmed: true } }) },
    withLocalDiscover(),
  );
  for (const name of [
    'test_mrtr_echo_state',
    'test_mrtr_no_state',
    'test_mrtr_unrelated',
    'test_mrtr_no_result_type',
  ]) {
    // A result without resultType is complete (never retried); rejecting it locally is allowed too.
    const result = await client.callTool({ name, arguments: {} }).catch((e: unknown) => `rejected: ${String(e)}`);
    debug(name, JSON.stringify(result));
  }
  await client.close();
});

// SEP-2243: Mcp-Method / Mcp-Name on every request.
register(['http-standard-headers'], async (url) => {
  const client = await connect(url, {}, withLocalDiscover());
  const { tools } = await client.listTools(undefined, slow);
  if (tools[0]) await client.callTool({ name: tools[0].name, arguments: {} });
  const { resources } = await client.sdk.listResources(undefined, slow);
  if (resources[0]) await client.readResource({ uri: resources[0].uri });
  const { prompts } = await client.sdk.listPrompts(undefined, slow);
  if (prompts[0]) await client.getPrompt({ name: prompts[0].name, arguments: {} });
  await client.close();
});

// SEP-2243: parameters annotated x-mcp-header are mirrored into Mcp-Param-* headers.
register(['http-custom-headers'], async (url) => {
  const client = await connect(url, {}, withLocalDiscover());
  await client.listTools(undefined, slow);
  const calls = (context().toolCalls ?? []) as Array<{ name: string; arguments?: Record<string, unknown> }>;
  for (const call of calls) await client.callTool({ name: call.name, arguments: call.arguments ?? {} });
  await client.close();
});

// SEP-2243: tools with invalid x-mcp-header annotations are dropped from the list and never called.
register(['http-invalid-tool-headers'], async (url) => {
  const client = await connect(url, {}, withLocalDiscover());
  const { tools } = await client.listTools(undefined, slow);
  debug('kept tools', tools.map((t) => t.name).join(', '));
  for (const tool of tools) {
    await client
      .callTool({ name: tool.name, arguments: { region: 'us-west1' } })
      .catch((e: unknown) => debug(tool.name, String(e)));
  }
  await client.close();
});

// A network $ref inside a schema is never fetched.
register(['json-schema-ref-no-deref'], async (url) => {
  const client = await connect(url);
  await client.listTools(undefined, slow);
  await client.close();
});

// Not scored: the 2020-12 schema keywords survive listing, handed back verbatim.
register(['json-schema-2020-12-preservation'], async (url) => {
  const client = await connect(url);
  const { tools } = await client.listTools(undefined, slow);
  const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
  if (!focal) throw new Error('json_schema_2020_12_tool is not listed');
  await client.callTool({ name: 'json_schema_echo', arguments: { schema: focal.inputSchema } });
  await client.close();
});

// SEP-2640 (an extension, run by name). Listing fetches no file; a skill is loaded by reading its SKILL.md,
// which the client verifies (listed, size, digest, frontmatter) before anything else of the skill is read.
register(['sep-2640-client-no-prefetch'], async (url) => {
  const client = await connect(url);
  const { skills } = await client.skills.list(slow);
  debug('skills', skills.map((s) => s.uri).join(', '));
  await client.close();
});

// The mock's SKILL.md fails one check: the skill is refused, and none of its other files is read.
register(
  ['sep-2640-client-verify-digest', 'sep-2640-client-verify-size', 'sep-2640-client-verify-frontmatter'],
  async (url) => {
    const client = await connect(url);
    const { skills } = await client.skills.list(slow);
    for (const skill of skills) {
      const name = skill.frontmatter.name;
      try {
        await client.skills.read(name, undefined, slow);
      } catch (error) {
        if (!(error instanceof SkillVerificationError)) throw error;
        debug('refused', name, error.reason, error.message);
        continue;
      }
      const files = skill.resources === 'dynamic' ? [] : skill.resources.filter((f) => f.uri !== skill.uri);
      for (const file of files) await client.skills.read(name, file.uri, slow);
    }
    await client.close();
  },
);

// --- authorization ---------------------------------------------------------------------------------------

/** @tessera/client's own OAuth support (authorization code with PKCE), the browser step done headless. */
function browserFlow(options: Partial<AuthorizationCodeOptions> = {}): TesseraOAuthProvider {
  return authorizationCode({ clientName: CLIENT_INFO.name, redirect: headlessRedirect, ...options });
}

async function authorizedSession(url: string, provider: TesseraOAuthProvider): Promise<void> {
  const client = await connect(url, {}, undefined, provider);
  await client.listTools(undefined, slow);
  await client.callTool({ name: 'test-tool', arguments: {} });
  await client.close();
}

register(
  [
    'auth/metadata-default',
    'auth/metadata-var1',
    'auth/metadata-var2',
    'auth/metadata-var3',
    'auth/basic-cimd',
    'auth/2025-03-26-oauth-metadata-backcompat',
    'auth/2025-03-26-oauth-endpoint-fallback',
    'auth/scope-from-www-authenticate',
    'auth/scope-from-scopes-supported',
    'auth/scope-omitted-when-undefined',
    'auth/scope-step-up',
    'auth/scope-retry-limit',
    'auth/token-endpoint-auth-basic',
    'auth/token-endpoint-auth-post',
    'auth/token-endpoint-auth-none',
    'auth/resource-mismatch',
    'auth/offline-access-scope',
    'auth/offline-access-not-supported',
    'auth/authorization-server-migration',
    'auth/iss-supported',
    'auth/iss-not-advertised',
    'auth/iss-supported-missing',
    'auth/iss-wrong-issuer',
    'auth/iss-unexpected',
    'auth/iss-normalized',
    'auth/metadata-issuer-mismatch',
  ],
  (url) => authorizedSession(url, browserFlow({ clientMetadataUrl: CIMD_URL })),
);

register(['auth/pre-registration'], (url) => {
  const ctx = context();
  return authorizedSession(
    url,
    browserFlow({ clientId: contextString(ctx, 'client_id'), clientSecret: contextString(ctx, 'client_secret') }),
  );
});

// DPoP (RFC 9449): a proof on the token request and on every MCP request; in the -nonce posture both the
// authorization server and the MCP server first answer use_dpop_nonce.
register(['auth/dpop', 'auth/dpop-nonce'], (url) =>
  authorizedSession(url, browserFlow({ clientMetadataUrl: CIMD_URL, dpop: true })),
);

// Workload identity federation: the JWT bearer grant with the platform's token as the assertion.
register(['auth/wif-jwt-bearer'], async (url) => {
  const ctx = context();
  const client = await connect(
    url,
    {},
    undefined,
    workloadIdentity({ clientId: contextString(ctx, 'client_id'), assertion: () => contextString(ctx, 'valid_jwt') }),
  );
  await client.listTools(undefined, slow);
  await client.close();
});

// Extensions (run by the suite, not scored).
register(['auth/client-credentials-basic'], async (url) => {
  const ctx = context();
  const client = await connectWithAuthProvider(
    url,
    new ClientCredentialsProvider({
      clientId: contextString(ctx, 'client_id'),
      clientSecret: contextString(ctx, 'client_secret'),
    }),
  );
  await client.listTools(undefined, slow);
  await client.close();
});

register(['auth/client-credentials-jwt'], async (url) => {
  const ctx = context();
  const algorithm = typeof ctx.signing_algorithm === 'string' ? ctx.signing_algorithm : 'ES256';
  const client = await connectWithAuthProvider(
    url,
    new PrivateKeyJwtProvider({
      clientId: contextString(ctx, 'client_id'),
      privateKey: contextString(ctx, 'private_key_pem'),
      algorithm,
    }),
  );
  await client.listTools(undefined, slow);
  await client.close();
});

register(['auth/enterprise-managed-authorization', 'auth/cross-app-access-complete-flow'], async (url) => {
  const ctx = context();
  const provider = new CrossAppAccessProvider({
    clientId: contextString(ctx, 'client_id'),
    clientSecret: contextString(ctx, 'client_secret'),
    assertion: async (a) =>
      (
        await requestJwtAuthorizationGrant({
          tokenEndpoint: contextString(ctx, 'idp_token_endpoint'),
          audience: a.authorizationServerUrl,
          resource: a.resourceUrl,
          idToken: contextString(ctx, 'idp_id_token'),
          clientId: contextString(ctx, 'idp_client_id'),
          fetchFn: a.fetchFn,
        })
      ).jwtAuthGrant,
  });
  const client = await connectWithAuthProvider(url, provider);
  await client.listTools(undefined, slow);
  await client.close();
});

/** Runs the scenario named by MCP_CONFORMANCE_SCENARIO against the server URL (the last argument). */
export async function runScenario(argv: string[]): Promise<number> {
  const name = process.env.MCP_CONFORMANCE_SCENARIO;
  const serverUrl = argv[argv.length - 1];
  const run = name ? scenarios[name] : undefined;
  if (!name || !run || !/^https?:\/\//.test(serverUrl ?? '')) {
    console.error('usage: MCP_CONFORMANCE_SCENARIO=<scenario> node main.js <server-url>');
    console.error(`known scenarios: ${Object.keys(scenarios).sort().join(', ')}`);
    return name && !run ? 3 : 2;
  }
  await run(serverUrl);
  return 0;
}
