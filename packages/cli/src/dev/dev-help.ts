import { DEFAULT_ENTRIES } from '../inspect/load-entry';
import { DEFAULT_DEV_PORT } from './dev-options';

/** `tessera dev --help`. */
export const DEV_HELP = `tessera dev [options] [entry]
  the development loop: compiles the project with its own tsc in watch mode (its tsconfig, decorator
  metadata kept), serves the app on 127.0.0.1, and after every build without errors restarts the server on
  the same port: the new build loads while the old one serves, the old one finishes its calls in flight
  (app.close()), the new one listens. Prints what changed: tools, prompts, resources added (+), removed (-),
  changed (~: input schema, questions, task support, scopes, description, pipeline).
  A compile error is printed and the last good build keeps serving; an entry that fails to load or that
  createApp refuses (a duplicate name, a parameter without its decorator) is printed and nothing is served
  until the next build. Either way it waits for your next change.

The entry is the compiled module that exports the app, as for tessera inspect (see tessera inspect --help):
without one, the first of ${DEFAULT_ENTRIES.join(', ')} after the first build.
tessera dev creates the app (createApp) and serves it itself: give the module, not your server's start file.

Options:
  --port <n>           the loopback port, kept across restarts (default ${DEFAULT_DEV_PORT}; 0 picks a free one once)
  --stdio              serve over this process's stdin/stdout instead of HTTP (for a client that starts
                       tessera dev as its server); every line of tessera dev goes to stderr
  --inspector          also start the MCP Inspector's web UI (@modelcontextprotocol/inspector, installed in the
                       project) connected to the server, and print its URL (port 6274)
  -p, --project <file> the tsconfig to compile with (default tsconfig.json)
  -b, --build          compile with tsc -b --watch (project references) instead of tsc --watch -p
  --export <name>      the entry's export to serve, instead of trying the usual names
  -h, --help           this help

Example:
  tessera dev                                     # a scaffolded project: serves http://127.0.0.1:${DEFAULT_DEV_PORT}/mcp
  tessera dev --port 4000 --inspector dist/app.module.js
  tessera call http://127.0.0.1:${DEFAULT_DEV_PORT}/mcp check_title '{"title":"Printer on fire"}'

Exit codes: 0 stopped with Ctrl+C (or SIGTERM); 1 tsc stopped by itself (a tsconfig it cannot read);
2 a wrong command line, no tsconfig, no TypeScript or Inspector in the project, or no entry after the first build.
`;
