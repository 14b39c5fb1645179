import { TesseraClient } from '@tessera/client';

async function main(): Promise<void> {
  const client = new TesseraClient({
    // the user's side of the question: here, always the 'eu' region
    elicitation: async (params) => {
      console.log(`asked: ${params.message}`);
      return { action: 'accept', content: { region: 'eu' } };
    },
  });
  await client.connect({ command: process.execPath, args: ['dist/server.js'] });
  try {
    const result = await client.callTool({ name: 'provision', arguments: { name: 'web1' } });
    console.log(result.content.map((c) => (c.type === 'text' ? c.text : '')).join(''));
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
