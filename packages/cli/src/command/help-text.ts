import { COMMANDS, type CommandName } from './commands';

const TARGET = `A target is the server's Streamable HTTP URL, or its command after -- (stdio):
  tessera call http://127.0.0.1:3000/mcp plan_session '{"topic":"q3"}'
  tessera call plan_session '{"topic":"q3"}' -- node server.js`;

const OPTIONS = `Options:
  --json                     print the result as JSON (stdout), instead of text
  --answers <file.json>      answers by question key, e.g. {"audience": {"audience": "executives"}};
                             an entry may also be "decline", "cancel" or {"action": ..., "content": {...}}.
                             2025-era servers send no key: their questions are looked up by message.
                             Without a terminal, a question with no entry is an error naming it.
  --sampling-command <cmd>   answer sampling requests with this shell command: the request's JSON on stdin,
                             the answer (text, or a JSON CreateMessageResult) on stdout. Without it,
                             sampling is refused with an error.
  --root <path>              a root offered to the server (repeatable); default: the working directory
  -y, --yes                  send the roots and sampling answers without asking first (they are still shown)
  --header "Name: value"     an HTTP header on every request (repeatable), e.g. "Authorization: Bearer ..."
  --env NAME=value           a stdio server's environment variable (repeatable); --env NAME passes on tessera's
                             own value. The server otherwise gets only PATH, HOME, USER, SHELL, TERM and the like
  --protocol <p>             auto (default: 2026-07-28 when offered), legacy (2025 handshake) or a pinned revision
  --client-id <id>           OAuth: the client id registered at the server's authorization server. When the
                             server answers 401, tessera signs you in through the browser (authorization code
                             with PKCE, answer received on 127.0.0.1; without --client-id it registers itself)
  --client-secret <secret>   OAuth client credentials instead (a machine; prefer TESSERA_CLIENT_SECRET)
  --scope "<scopes>"         scopes to ask for when the server names none
  --no-browser               print the sign-in URL without opening a browser
  --log-level <level>        show the server's log messages at this level and above (debug, info, notice,
                             warning, error, ...) on stderr
  -h, --help                 this help; tessera <command> --help for one command
  --version                  the version`;

function usage(name: CommandName): string {
  const operands = COMMANDS[name].operands.join(' ');
  return `tessera ${name} [options] <target>${operands ? ` ${operands}` : ''}`;
}

/** The help for one command, or for all of them. */
export function helpText(which: CommandName | 'all'): string {
  if (which !== 'all') {
    return `${usage(which)}\n  ${COMMANDS[which].summary}\n\n${TARGET}\n\n${OPTIONS}\n`;
  }
  const lines = (Object.keys(COMMANDS) as CommandName[]).map(
    (name) => `  ${usage(name).padEnd(52)} ${COMMANDS[name].summary}`,
  );
  return `tessera: a terminal MCP client. Questions the server asks (elicitation forms, URLs) become prompts.

Commands:
${lines.join('\n')}
  ${'tessera inspect [--json] [entry]'.padEnd(52)} show a built app's surface without serving it (see its --help)
  ${'tessera dev [--port n] [--inspector] [entry]'.padEnd(52)} compile in watch mode and serve, restarting on changes

${TARGET}

${OPTIONS}
`;
}
