import { parseArgs } from 'node:util';
import { LOG_LEVELS, type ProtocolPreference } from '@tessera/client';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../connect/cli-auth';
import { CliError } from '../errors/cli-error';
import { COMMANDS, isCommandName, type CommandName } from './commands';
import { urlTarget, type Target } from './target';

export interface CommandLine {
  command: CommandName;
  target: Target;
  /** The tool, prompt or skill name, or the resource URI. */
  name?: string;
  /** The call's arguments (an object), parsed from the JSON operand. */
  arguments?: Record<string, unknown>;
  /** `skill`: the file inside the skill (`references/FORMS.md`); its SKILL.md when absent. */
  file?: string;
  json: boolean;
  /** Send the roots and sampling answers without asking (they are still shown). */
  yes: boolean;
  answersPath?: string;
  samplingCommand?: string;
  roots: string[];
  headers: Record<string, string>;
  protocol: ProtocolPreference;
  /** Show the server's log messages at this level and above. */
  logLevel?: LoggingLevel;
  /** How to sign in when an HTTP server answers 401. */
  oauth: OAuthSettings;
}

export type Parsed = CommandLine | { help: CommandName | 'all' } | { version: true };

const OPTIONS = {
  json: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  answers: { type: 'string' },
  'sampling-command': { type: 'string' },
  root: { type: 'string', multiple: true },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  protocol: { type: 'string' },
  'log-level': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  scope: { type: 'string' },
  'no-browser': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

function parseArguments(text: string | undefined, command: CommandName): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`the ${command} arguments are not valid JSON (${(error as Error).message}): ${text}`, 2);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`the ${command} arguments must be a JSON object ({"topic": "q3"}), not ${text}`, 2);
  }
  return value as Record<string, unknown>;
}

function parseHeader(header: string): [string, string] {
  const colon = header.indexOf(':');
  if (colon <= 0) throw new CliError(`--header "${header}" must look like "Name: value"`, 2);
  return [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `--env NAME=value` sets a variable for a stdio server; `--env NAME` passes tessera's own value on (a secret then
 * stays out of the process list). The SDK starts the server with only PATH, HOME, USER, SHELL, TERM and the like.
 */
function parseEnv(entries: readonly string[], env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    const name = equals === -1 ? entry : entry.slice(0, equals);
    if (!ENV_NAME.test(name))
      throw new CliError(`--env "${entry}" must look like NAME=value, or NAME to pass on tessera's own value`, 2);
    const value = equals === -1 ? env[name] : entry.slice(equals + 1);
    if (value === undefined) throw new CliError(`--env ${name}: tessera's environment has no ${name} to pass on`, 2);
    out[name] = value;
  }
  return out;
}

function parseLogLevel(value: string | undefined): LoggingLevel | undefined {
  if (value === undefined || LOG_LEVELS.includes(value as LoggingLevel)) return value as LoggingLevel | undefined;
  throw new CliError(`--log-level "${value}" must be one of ${LOG_LEVELS.join(', ')}`, 2);
}

function parseProtocol(value: string | undefined): ProtocolPreference {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'legacy') return 'legacy';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { pin: value };
  throw new CliError(`--protocol "${value}" must be auto, legacy or a revision date (2026-07-28)`, 2);
}

/**
 * Reads `tessera <command> [options] <target> [operands]`. The target is a URL operand, or everything after `--`
 * (the server's command and its own arguments, never read as tessera options).
 */
export function parseCommandLine(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
): Parsed {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? [...argv] : argv.slice(0, dash);
  const server = dash === -1 ? undefined : argv.slice(dash + 1);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}; see tessera --help`, 2);
  }
  const { values, positionals } = parsed;
  const [first, ...rest] = positionals;
  if (values.version) return { version: true };
  if (first === undefined || first === 'help')
    return { help: rest[0] !== undefined && isCommandName(rest[0]) ? rest[0] : 'all' };
  if (!isCommandName(first))
    throw new CliError(`unknown command "${first}" (commands: ${Object.keys(COMMANDS).join(', ')})`, 2);
  if (values.help) return { help: first };

  let target: Target;
  let operands: string[];
  if (server !== undefined) {
    if (server.length === 0) throw new CliError("nothing after --: give the server's command (-- node server.js)", 2);
    const serverEnv = parseEnv(values.env ?? [], env);
    target = {
      kind: 'stdio',
      command: server[0]!,
      args: server.slice(1),
      ...(Object.keys(serverEnv).length > 0 && { env: serverEnv }),
    };
    operands = rest;
  } else {
    if (values.env !== undefined)
      throw new CliError("--env sets a stdio server's environment: give the server's command after --", 2);
    target = urlTarget(rest[0]);
    operands = rest.slice(1);
  }
  const spec: readonly string[] = COMMANDS[first].operands;
  const needed = spec.filter((o) => !o.startsWith('[')).length;
  if (operands.length < needed)
    throw new CliError(`${first} needs ${spec.slice(operands.length).join(' ')}; see tessera ${first} --help`, 2);
  if (operands.length > spec.length)
    throw new CliError(
      `${first} takes ${spec.length === 0 ? 'nothing' : spec.join(' ')} after the target; unexpected "${operands[spec.length]}"`,
      2,
    );

  // A secret on the command line is visible to other users in the process list: the environment is preferred.
  const clientSecret = values['client-secret'] ?? env.TESSERA_CLIENT_SECRET;
  if (clientSecret !== undefined && values['client-id'] === undefined) {
    throw new CliError('a client secret (--client-secret or TESSERA_CLIENT_SECRET) needs --client-id', 2);
  }
  return {
    command: first,
    target,
    name: operands[0],
    // The second operand is JSON arguments, except skill's file path.
    ...(spec[1] === '[json]' ? { arguments: parseArguments(operands[1], first) } : { file: operands[1] }),
    json: values.json ?? false,
    yes: values.yes ?? false,
    answersPath: values.answers,
    samplingCommand: values['sampling-command'],
    roots: values.root ?? [],
    headers: Object.fromEntries((values.header ?? []).map(parseHeader)),
    protocol: parseProtocol(values.protocol),
    logLevel: parseLogLevel(values['log-level']),
    oauth: {
      ...(values['client-id'] !== undefined && { clientId: values['client-id'] }),
      ...(clientSecret !== undefined && { clientSecret }),
      ...(values.scope !== undefined && { scope: values.scope }),
      browser: values['no-browser'] !== true,
    },
  };
}
