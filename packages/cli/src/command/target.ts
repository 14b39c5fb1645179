import { CliError } from '../errors/cli-error';

/**
 * Where the server is: a Streamable HTTP URL, or a command to spawn and talk to over stdio (`env`: what `--env`
 * adds to the few variables the SDK passes on: PATH, HOME, USER, SHELL, TERM, ...).
 */
export type Target =
  { kind: 'url'; url: URL } | { kind: 'stdio'; command: string; args: string[]; env?: Record<string, string> };

/** A URL operand (the stdio form is everything after `--`, split off before parsing). */
export function urlTarget(operand: string | undefined): Target {
  if (operand === undefined) {
    throw new CliError(
      "no target: give the server's URL (http://127.0.0.1:3000/mcp) or its command after -- (-- node server.js)",
      2,
    );
  }
  let url: URL | undefined;
  try {
    url = new URL(operand);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliError(
      `"${operand}" is not a target: give an http:// or https:// URL, or the server's command after -- (-- node server.js)`,
      2,
    );
  }
  return { kind: 'url', url };
}

export function describeTarget(target: Target): string {
  return target.kind === 'url' ? target.url.href : [target.command, ...target.args].join(' ');
}
