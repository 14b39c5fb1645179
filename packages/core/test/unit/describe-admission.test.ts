import 'reflect-metadata';
import { IsString } from 'class-validator';
import { createApp, Field, Provider, silentLogger, Tool, Args } from '@tessera/core';
import { createLowLevelServer, describeAdmission, McpEndpoint } from '@tessera/core/advanced';
import { listen, nodeHandler } from '@tessera/core/node';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { ADMISSION_STEPS } from '../../src/endpoint/admission/admission-steps';
import { NODE_FACE_STEPS } from '../../src/node/node-face-steps';

// describeAdmission lists the steps an HTTP request goes through, in order, as each face of a server runs them:
// the one list (ADMISSION_STEPS) with the steps idle for that server left out, and a Node face's own in front.

class Note {
  @Field({ description: 'Text' })
  @IsString()
  text!: string;
}

@Provider()
class Notes {
  @Tool()
  add(@Args() note: Note): string {
    return note.text;
  }
}

const verifier: OAuthTokenVerifier = {
  verifyAccessToken: async (token) => ({
    token,
    clientId: 'c',
    scopes: [],
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  }),
};

const plainApp = () => createApp({ name: 'plain', version: '1', providers: [Notes], logger: silentLogger });

describe('describeAdmission', () => {
  test('the whole order, once: every face runs these steps in this order', () => {
    expect(ADMISSION_STEPS.map((step) => step.name)).toEqual([
      'host',
      'metadata document',
      'auth',
      'body budget',
      'byte scan',
      'parse',
      'scopes',
      'screening',
      'param headers',
      'sessions',
      'task streams',
      'change streams',
      'dispatch',
    ]);
  });

  test("the Node face's own steps keep that order, with one step of its own in front", () => {
    const order = ['url authority', ...ADMISSION_STEPS.map((step) => step.name)];
    const names = NODE_FACE_STEPS.map((step) => step.name);
    expect(names[0]).toBe('url authority');
    const positions = names.map((name) => order.indexOf(name));
    expect(positions).not.toContain(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  test('an app without auth, sessions or tasks: the steps it runs, the idle ones left out', async () => {
    const app = plainApp();
    expect(describeAdmission(app)).toEqual([
      'host',
      'body budget',
      'byte scan',
      'parse',
      'scopes',
      'screening',
      'param headers',
      'dispatch',
    ]);
    await app.close();
  });

  test('an app with OAuth resource auth and 2025 sessions: the metadata document, auth and sessions too', async () => {
    const app = createApp(
      { name: 'full', version: '1', providers: [Notes], logger: silentLogger },
      { auth: { issuer: 'https://issuer.example', audience: 'https://mcp.example/mcp' }, legacySessions: true },
    );
    expect(describeAdmission(app)).toEqual([
      'host',
      'metadata document',
      'auth',
      'body budget',
      'byte scan',
      'parse',
      'scopes',
      'screening',
      'param headers',
      'sessions',
      'dispatch',
    ]);
    await app.close();
  });

  test('a low-level server and a bare McpEndpoint with a verifier: auth without a metadata document', async () => {
    const server = createLowLevelServer({
      name: 'low',
      version: '1',
      tools: [],
      callTool: () => ({ content: [] }),
      logger: silentLogger,
      auth: { verifier },
    });
    expect(describeAdmission(server)).toEqual([
      'host',
      'auth',
      'body budget',
      'byte scan',
      'parse',
      'screening',
      'dispatch',
    ]);
    await server.close();
    const endpoint = new McpEndpoint(() => server.serverFactory('modern'), silentLogger);
    expect(describeAdmission(endpoint)).toEqual(['host', 'body budget', 'byte scan', 'parse', 'screening', 'dispatch']);
    await endpoint.close();
  });

  test('listen and nodeHandler put the URL authority check in front, and the fast lane when it is on', async () => {
    const app = plainApp();
    const endpointSteps = describeAdmission(app);
    const onLane = await listen(app, { port: 0 });
    const offLane = await listen(app, { port: 0, fastPath: false });
    expect(describeAdmission(onLane)).toEqual(['url authority', 'fast lane', ...endpointSteps]);
    expect(describeAdmission(offLane)).toEqual(['url authority', ...endpointSteps]);
    expect(describeAdmission(nodeHandler(app))).toEqual(['url authority', 'fast lane', ...endpointSteps]);
    expect(describeAdmission(nodeHandler(app, { fastPath: false }))).toEqual(['url authority', ...endpointSteps]);
    await app.close();
  });

  test('the refusals come in the listed order on the fetch face (listen: checks-before-the-body-faces.test.ts)', async () => {
    const server = createLowLevelServer({
      name: 'low',
      version: '1',
      tools: [],
      callTool: () => ({ content: [] }),
      logger: silentLogger,
      auth: { verifier },
      limits: { maxBodyBytes: 64 },
    });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(200) } });
    // every request below fails host, auth and body budget alike, but for what each one fixes
    const attempts = [
      { origin: 'http://evil.example', token: undefined, status: 403 }, // host
      { origin: undefined, token: undefined, status: 401 }, // auth
      { origin: undefined, token: 'good', status: 413 }, // body budget
    ];
    const statuses: number[] = [];
    for (const { origin, token } of attempts) {
      const headers: Record<string, string> = {
        host: '127.0.0.1',
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (token) headers.authorization = `Bearer ${token}`;
      if (origin) headers.origin = origin;
      const request = new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body: big });
      statuses.push((await server.fetch(request, { allowedHosts: ['127.0.0.1'] })).status);
    }
    expect(statuses).toEqual(attempts.map((attempt) => attempt.status));
    await server.close();
  });

  test('anything else is refused by name', () => {
    expect(() => describeAdmission({})).toThrow(/describeAdmission: expected an app, a low-level server/);
  });
});
