import type { ServeStdioOptions } from '@modelcontextprotocol/server/stdio';
import { checkOneOf, checkOptions } from '../errors/definition/check-options';
import type { ListenOptions } from './listen-options';

// Every key of listen's and serveStdio's options (`satisfies` fails the build when one drifts), so a misspelt one
// (`allowedHost`, which would leave DNS-rebinding protection off) is refused by name at the call.
const LISTEN_OPTIONS = {
  port: true,
  host: true,
  path: true,
  allowedHosts: true,
  drainMs: true,
  readyDelayMs: true,
  keepAliveTimeoutMs: true,
  fastPath: true,
  idleGcMs: true,
} as const satisfies Record<keyof ListenOptions, true>;

const SERVE_STDIO_OPTIONS = {
  legacy: true,
  transport: true,
  onerror: true,
  maxSubscriptions: true,
} as const satisfies Record<keyof ServeStdioOptions, true>;

export function checkListenOptions(options: ListenOptions): void {
  checkOptions(options, LISTEN_OPTIONS, 'listen');
}

export function checkServeStdioOptions(options: ServeStdioOptions): void {
  checkOptions(options, SERVE_STDIO_OPTIONS, 'serveStdio');
  if (options.legacy !== undefined) checkOneOf(options.legacy, ['serve', 'reject'], 'serveStdio: legacy');
}
