/**
 * The child side of isolated.ts: builds one variant (checking its answers), then warms it up and runs
 * timed slices on request. Exits when the parent disconnects.
 *   (started by isolated.ts) node dist/support/slice-worker.js <variant id>
 */
import { inProcess, type Runner } from './measure';
import { makeVariant } from './variants';

async function main(): Promise<void> {
  if (!process.send) throw new Error('slice-worker needs an IPC channel (start it through isolated.ts)');
  process.on('disconnect', () => process.exit(0));
  const built: Promise<Runner> = makeVariant(process.argv[2]!).then((variant) => inProcess(variant));
  built.catch(() => {}); // reported on the first command
  // Installed at once: a command that arrives while the variant is still being built waits for it.
  process.on('message', async (message: { cmd: string; seq: number; ms?: number; n?: number }) => {
    const reply = (body: object) => process.send!({ ...body, seq: message.seq });
    try {
      const runner = await built;
      if (message.cmd === 'ready') return reply({ ready: true });
      if (message.cmd === 'warm') return reply({ estimate: await runner.warm(message.ms!) });
      if (message.cmd === 'slice') return reply(await runner.slice(message.n!));
      reply({ error: `unknown command ${message.cmd}` });
    } catch (error) {
      reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
