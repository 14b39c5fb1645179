/**
 * A call through a mount against the same call made direct, in the same run: `tools/call` of `echo` on a
 * Tessera server (the HTTP bench's `tessera` kind, 10 tools, in a child process of its own, over loopback
 * HTTP), made by a `TesseraClient` (a) straight to it and (b) to a gateway app in this process that mounts it
 * with `mountRemote` (served by `listen`, the mount forwarding over its one connection). Calls one after the
 * other, each answer read in full; rounds interleaved (see support/measure.ts). Wall time is the figure; this
 * process's CPU per call for (b) also holds the gateway's work, so (b) − (a) is what the mount costs.
 *
 *   npm run build && npm run bench:mount -w @tessera/tooling-benchmarks     (BENCH_QUICK=1: a smoke run)
 */
import 'reflect-metadata';
import { TesseraClient } from '@tessera/client';
import { mountRemote } from '@tessera/compose';
import { createApp, silentLogger } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { envOptions, fmtUs, header, measure, type Variant } from './support/measure';
import { startServer } from './support/server-child';

const QUICK = process.env.BENCH_QUICK === '1';

function calls(name: string, client: TesseraClient, tool: string): Variant<number> {
  return {
    name,
    prepare: (n) => n,
    async run(n) {
      for (let i = 0; i < n; i++) {
        const result = await client.callTool({ name: tool, arguments: { text: 'hi' } });
        if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
      }
    },
  };
}

async function main(): Promise<void> {
  const remote = await startServer('tessera', 10);
  const mount = await mountRemote({ prefix: 'remote', url: remote.url });
  const gateway = createApp({
    name: 'gateway',
    version: '1.0.0',
    providers: [],
    imports: [mount.module],
    logger: silentLogger,
  });
  const served = await listen(gateway, { port: 0 });
  const direct = new TesseraClient({ name: 'bench-direct' });
  const mounted = new TesseraClient({ name: 'bench-mounted' });
  try {
    await direct.connect({ url: remote.url });
    await mounted.connect({ url: served.url });
    const options = envOptions(
      QUICK ? { rounds: 3, sliceMs: 300, warmupMs: 300 } : { rounds: 10, sliceMs: 2000, warmupMs: 2000 },
    );
    header(
      'tools/call through a mount against direct',
      `echo on a Tessera server (10 tools) in a child process over loopback HTTP; ${options.rounds} rounds`,
    );
    const [a, b] = await measure(
      [calls('(a) direct to the remote', direct, 'echo'), calls('(b) through a mount', mounted, 'remote_echo')],
      options,
    );
    console.log('| Call | µs per call (wall) [min-max] | CPU µs per call, this process |');
    console.log('|---|---|---|');
    for (const m of [a!, b!])
      console.log(`| ${m.name} | ${fmtUs(m.us)} [${fmtUs(m.min)}-${fmtUs(m.max)}] | ${fmtUs(m.cpu)} |`);
    console.log(`\nthrough a mount ÷ direct (wall): ×${(b!.us / a!.us).toFixed(2)}`);
  } finally {
    await direct.close();
    await mounted.close();
    await gateway.close();
    await mount.close();
    await remote.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
