import { parseArgs } from 'node:util';
import { CliError } from '../errors/cli-error';

/** What `tessera dev` was asked to do. */
export interface DevOptions {
  /** The compiled entry as given (resolved like `tessera inspect`'s); the defaults when absent. */
  entry?: string;
  /** The export to read instead of trying the usual names. */
  exportName?: string;
  /** The loopback port the server keeps across restarts (0: a free one, chosen once). */
  port: number;
  /** Serve this process's stdin/stdout instead of HTTP. */
  stdio: boolean;
  /** Start the MCP Inspector's web UI pointed at the server. */
  inspector: boolean;
  /** The tsconfig the watcher compiles with, relative to the working directory. */
  project: string;
  /** `tsc -b --watch` (project references) instead of `tsc --watch -p`. */
  build: boolean;
}

export const DEFAULT_DEV_PORT = 3000;

const OPTIONS = {
  port: { type: 'string' },
  stdio: { type: 'boolean' },
  inspector: { type: 'boolean' },
  project: { type: 'string', short: 'p' },
  build: { type: 'boolean', short: 'b' },
  export: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_DEV_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new CliError(`dev: --port "${text}" must be a whole number from 0 to 65535`, 2);
  return port;
}

/** Reads `tessera dev [options] [entry]` (argv without the command). */
export function parseDevOptions(argv: readonly string[]): DevOptions | { help: true } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`dev: ${(error as Error).message}; see tessera dev --help`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length > 1)
    throw new CliError(`dev takes one entry; unexpected "${positionals[1]}"; see tessera dev --help`, 2);
  if (values.stdio && values.inspector)
    throw new CliError('dev: --inspector connects over HTTP; it cannot be used with --stdio', 2);
  if (values.stdio && values.port !== undefined)
    throw new CliError('dev: --port is for HTTP; it cannot be used with --stdio', 2);
  return {
    ...(positionals[0] !== undefined && { entry: positionals[0] }),
    ...(values.export !== undefined && { exportName: values.export }),
    port: parsePort(values.port),
    stdio: values.stdio ?? false,
    inspector: values.inspector ?? false,
    project: values.project ?? 'tsconfig.json',
    build: values.build ?? false,
  };
}
