// Drives the README's complete example over stdio with @tessera/client, as a user installs it: the provision
// tool asks for a region, the client answers. The compiled example's path is the first argument.
import { TesseraClient } from '@tessera/client';

async function main(): Promise<void> {
  const asked: string[] = [];
  const client = new TesseraClient({
    elicitation: async (params) => {
      asked.push(params.message);
      return { action: 'accept', content: { region: 'eu' } };
    },
  });
  const example = process.argv[2];
  if (example === undefined) throw new Error('usage: node example-client.js <path to the compiled example.js>');
  await client.connect({ command: process.execPath, args: [example] });
  try {
    const { tools } = await client.listTools();
    const provision = tools.find((t) => t.name === 'provision');
    if (provision === undefined)
      throw new Error(`no provision tool listed; got ${tools.map((t) => t.name).join(', ')}`);
    const result = await client.callTool({ name: 'provision', arguments: { name: 'web1' } });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expectEqual('protocol', client.protocolVersion, '2026-07-28');
    expectEqual('questions asked', JSON.stringify(asked), JSON.stringify(['Where should web1 run?']));
    expectEqual('result', text, 'provisioned web1 in eu');
    console.log(`example ok: ${text}`);
  } finally {
    await client.close();
  }
}

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
