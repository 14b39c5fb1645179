// Copied into a scaffolded project by check-scaffold.mjs: runs the project's start scripts and talks to them with
// the official SDK client it has installed. `stdio`: `npm run start` spawned as a stdio server, the @Elicit tool
// answered. `http <url>`: the server started by `npm run start:http`, tools listed and one called.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [mode, url] = process.argv.slice(2);
const client = new Client(
  { name: 'scaffold-check', version: '0.0.0' },
  { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
const asked = [];
client.setRequestHandler('elicitation/create', async (request) => {
  asked.push(request.params.message);
  return { action: 'accept', content: { priority: 'high' } };
});

const transport =
  mode === 'stdio'
    ? new StdioClientTransport({
        command: 'npm',
        args: ['run', '--silent', 'start'],
        cwd: process.cwd(),
        stderr: 'inherit',
      })
    : new StreamableHTTPClientTransport(new URL(url));
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  const names = tools
    .map((t) => t.name)
    .sort()
    .join(',');
  if (names !== 'check_title,open_ticket') throw new Error(`${mode}: unexpected tools ${names}`);
  const result = await client.callTool({ name: 'open_ticket', arguments: { title: 'Printer on fire' } });
  const text = result.content.map((c) => c.text ?? '').join('');
  if (text !== 'Opened "Printer on fire" with high priority')
    throw new Error(`${mode}: unexpected result ${JSON.stringify(result)}`);
  if (asked.join('|') !== 'What priority should "Printer on fire" have?')
    throw new Error(`${mode}: unexpected questions ${JSON.stringify(asked)}`);
  console.log(`${mode}: served, asked one question, answered: ${text}`);
} finally {
  await client.close();
}
