import { createSdkServer } from '../server/create-sdk-server';
import type { ServerRuntime } from '../server/server-runtime';
import type { HttpAuthOptions } from './http-auth-options';
import { McpEndpoint } from './mcp-endpoint';

export type { HttpListener, ListenOptions } from './listen-options';

/**
 * A compiled, ready-to-serve application. The same compiled tables serve every transport:
 * `fetch` (web-standard, also the in-memory face for tests), `listen` (Node HTTP), `serveStdio`.
 */
export class TesseraApp extends McpEndpoint {
  constructor(
    readonly runtime: ServerRuntime,
    auth?: HttpAuthOptions,
  ) {
    super((era) => createSdkServer(runtime, era), runtime.logger, auth);
  }

  get name(): string {
    return this.runtime.info.name;
  }

  /** Stops serving, then disposes the root container (and the singletons it built). */
  override async close(): Promise<void> {
    await super.close();
    await this.runtime.root.dispose();
  }
}
