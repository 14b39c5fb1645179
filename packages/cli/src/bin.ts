#!/usr/bin/env node
import { runCli } from './run-cli';

// Exit explicitly: a prompt library or a server child may hold the event loop open after the answer is printed.
runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  signals: process,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`tessera: ${String(error)}\n`);
    process.exit(1);
  },
);
