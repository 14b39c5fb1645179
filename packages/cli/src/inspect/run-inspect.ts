import { parseArgs } from 'node:util';
import { CliError } from '../errors/cli-error';
import { formatSurface } from './format-surface';
import { INSPECT_HELP } from './inspect-help';
import { entryPath, inspectEntry } from './load-entry';

const OPTIONS = {
  json: { type: 'boolean' },
  export: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `tessera inspect [entry] [--json] [--export name]` (argv without the command): what to print on stdout. */
export async function runInspect(argv: readonly string[], cwd: string): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`inspect: ${(error as Error).message}; see tessera inspect --help`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) return INSPECT_HELP;
  if (positionals.length > 1)
    throw new CliError(`inspect takes one entry; unexpected "${positionals[1]}"; see tessera inspect --help`, 2);
  const surface = await inspectEntry(entryPath(positionals[0], cwd), values.export);
  return `${values.json ? JSON.stringify(surface, null, 2) : formatSurface(surface)}\n`;
}
