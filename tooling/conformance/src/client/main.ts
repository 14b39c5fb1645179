import { availableParallelism } from 'node:os';
import { acquireSlot } from './slots';

/**
 * Entry point of the client under test (`node dist/client/main.js <server-url>`, MCP_CONFORMANCE_SCENARIO set
 * by the suite). With TESSERA_CONFORMANCE_SLOTS set (run-conformance.sh does), a process first waits for one
 * of a few slots, before loading any MCP code, so the suite's all-at-once start does not starve the machine.
 */
async function main(): Promise<number> {
  const dir = process.env.TESSERA_CONFORMANCE_SLOTS;
  const release = dir
    ? await acquireSlot(
        dir,
        Number(process.env.TESSERA_CONFORMANCE_CONCURRENCY) || Math.max(2, availableParallelism() * 2),
      )
    : () => {};
  process.on('exit', release);
  // Loaded only now: this is where the CPU goes.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runScenario } = require('./scenarios') as typeof import('./scenarios');
  return runScenario(process.argv);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('conformance client failed:', error);
    process.exit(1);
  },
);
