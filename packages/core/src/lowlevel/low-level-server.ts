import type { HttpAuthOptions } from '../auth/http-auth-options';
import { McpEndpoint } from '../endpoint/mcp-endpoint';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import { createLowLevelSdkServer, type LowLevelRuntime } from './create-low-level-sdk-server';

/** A ready-to-serve low-level server, with the same three faces as `TesseraApp`: `fetch`, `listen`, `serveStdio`. */
export class LowLevelServer extends McpEndpoint {
  constructor(
    private readonly runtime: LowLevelRuntime,
    auth?: HttpAuthOptions,
    limits?: ResolvedRequestLimits,
  ) {
    super((era) => createLowLevelSdkServer(runtime, era), runtime.logger, auth, undefined, limits);
  }

  get name(): string {
    return this.runtime.options.name;
  }
}
