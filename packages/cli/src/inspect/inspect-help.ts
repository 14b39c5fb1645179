import { DEFAULT_ENTRIES, TRIED_EXPORTS } from './load-entry';

/** `tessera inspect --help`. */
export const INSPECT_HELP = `tessera inspect [options] [entry]
  show what an app declares, without serving it: each tool with its input schema, questions (key, message,
  after, when, value or outcome) and pipeline (guards, interceptors, pipes, filters in order), task support;
  prompts, resources, templates, skills, extensions and the request-state settings (never a key)

The entry is a compiled JavaScript file (CommonJS or ES module) exporting the app module ({ name, providers })
or the app (createApp's result). Tried in order: ${TRIED_EXPORTS.map((n) => (n === 'default' ? 'export default' : n)).join(', ')}, then the file's only such export.
Loading it runs its top-level code: give the module's file, not the one that starts the server.
Without an entry: ${DEFAULT_ENTRIES.join(', or ')} (a scaffolded project, built).
@tessera/core is loaded from the entry's project, so the app is built by the copy it was written against.

Options:
  --json             print the surface as JSON (stdout), for scripts and CI; shape: AppSurface of
                     @tessera/core/advanced (describeApp)
  --export <name>    the export to read, instead of trying the names above
  -h, --help         this help

Example:
  npm run build && tessera inspect dist/src/app.module.js
  tessera inspect --json dist/app.module.js | jq '.tools[].name'

Exit codes: 0 printed; 1 the entry threw while loading, or createApp refused the module (its error is printed);
2 a wrong command line, an entry that does not exist or exports neither a module nor an app, or no
@tessera/core in the entry's project.
`;
