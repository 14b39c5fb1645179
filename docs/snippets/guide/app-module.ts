import {
  ConsoleLogger,
  createApp,
  ExecutionContext,
  type Guard,
  type Interceptor,
  Provider,
  RequestStateSecurity,
  Tool,
} from '@tessera/core';
import { listen, serveStdio } from '@tessera/core/node';
import { inject } from 'tsyringe';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/server';

@Provider()
class Deployer {
  constructor(@inject(ExecutionContext) private readonly ctx: ExecutionContext) {}
  @Tool({ description: 'Deploy' })
  deploy(): string {
    return `deployed for ${this.ctx.principal?.subject ?? 'anyone'}`;
  }
}
@Provider()
class Reports {}
class Database {}
class AuditLog {}
const AUDIT = Symbol('audit');
class RequireScope implements Guard {
  constructor(private readonly scope: string) {}
  canActivate(ctx: ExecutionContext): boolean {
    return ctx.principal?.scopes.includes(this.scope) ?? false;
  }
}
class Timing implements Interceptor {
  async intercept(ctx: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    const started = Date.now();
    try {
      return await next();
    } finally {
      await ctx.log('debug', `took ${Date.now() - started} ms`);
    }
  }
}
declare const verifier: OAuthTokenVerifier;
declare const request: Request;
const port = 3000;

// #region example
const app = createApp(
  {
    name: 'deployer',
    version: '1.0.0',
    providers: [Deployer, Reports],
    services: [Database, { token: AUDIT, useClass: AuditLog, scope: 'request' }],
    guards: [new RequireScope('deploy')],
    interceptors: [Timing],
    filters: [],
    pipes: [],
    security: new RequestStateSecurity({ keys: [process.env.STATE_KEY!] }), // see Security
    pageSize: 100, // list endpoints
    logger: new ConsoleLogger({ level: 'info' }), // JSON lines on stderr
  },
  { auth: { verifier } }, // bearer tokens on HTTP
);

await app.fetch(request); // the web-standard face (in-memory tests, Workers, Hono)

// Node only, from the '@tessera/core/node' subpath (the root entry loads without node:http or node:net):
serveStdio(app); // stdio, both protocol eras
const { url } = await listen(app, { port }); // Streamable HTTP on 127.0.0.1:port/mcp, both eras
// #endregion example
console.log(url);
