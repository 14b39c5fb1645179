/**
 * A flow client child process (started by http.bench.ts): connects one client to a flow server's URL and,
 * on each `run`, completes `provision({ name: 'web1' })` flows (round one asks for the region, the client
 * answers `eu` and retries with the sealed state) from `concurrency` loops for the given time.
 *   node dist/flow-client.js <tessera|sdk> <url> <concurrency>
 *   tessera: @tessera/client's TesseraClient (its own round loop) on its opt-in leg transport over node:http
 *     (`fetch: nodeHttpFetch()`)
 *   tessera-undici: the same client on its default, undici's global fetch
 *   tessera-plain: the same as tessera-undici (its server is the one with the accelerators off)
 *   sdk:     the SDK's Client pinned to 2026-07-28, its auto-fulfilment answering through an elicitation handler
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { nodeHttpFetch, TesseraClient } from '@tessera/client';
import { FLOW_ARGS, FLOW_RESULT } from './support/flow-servers';

type CallFlow = () => Promise<{ content?: Array<{ type: string; text?: string }> }>;

async function connect(kind: string, url: string): Promise<CallFlow> {
  const answer = { action: 'accept' as const, content: { region: 'eu' } };
  if (kind === 'tessera' || kind === 'tessera-undici' || kind === 'tessera-plain') {
    const client = new TesseraClient({ name: 'bench', elicitation: async () => answer });
    await client.connect(kind === 'tessera' ? { url, fetch: nodeHttpFetch() } : { url });
    return () => client.callTool({ name: 'provision', arguments: FLOW_ARGS }) as ReturnType<CallFlow>;
  }
  if (kind === 'sdk') {
    const client = new Client(
      { name: 'bench', version: '0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setRequestHandler('elicitation/create', async () => answer);
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return () => client.callTool({ name: 'provision', arguments: FLOW_ARGS }) as ReturnType<CallFlow>;
  }
  throw new Error(`unknown client kind ${kind}`);
}

async function main(): Promise<void> {
  const [kind, url, concurrencyText] = process.argv.slice(2);
  if (!process.send) throw new Error('start me from http.bench.js (needs an IPC channel)');
  process.on('disconnect', () => process.exit(0));
  const concurrency = Number(concurrencyText ?? 16);
  const flow = await connect(kind!, url!);
  const once = async () => {
    const result = await flow();
    const text = result.content?.[0]?.text;
    if (text !== FLOW_RESULT)
      throw new Error(
        `${kind} flow: expected ${JSON.stringify(FLOW_RESULT)}, got ${JSON.stringify(result).slice(0, 300)}`,
      );
  };
  await once(); // fails loudly before any figure is taken
  process.on('message', async (message: { cmd: 'run'; seconds: number }) => {
    try {
      let flows = 0;
      const cpu0 = process.cpuUsage();
      const started = process.hrtime.bigint();
      const deadline = Date.now() + message.seconds * 1000;
      const loop = async () => {
        while (Date.now() < deadline) {
          await once();
          flows++;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, loop));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cpu = process.cpuUsage(cpu0);
      process.send!({ flows, seconds, clientCpu: cpu.user + cpu.system });
    } catch (error) {
      process.send!({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  process.send({ ready: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
