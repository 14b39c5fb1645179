// The README's "complete small example", kept shown verbatim and working. Its one copy in code is the provider
// the benchmarks serve (tooling/benchmarks/src/support/readme-example.provider.ts): change the README with it.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TesseraClient } from '@tessera/client';
import { createApp, silentLogger } from '@tessera/core';
import { Machines } from '../../../tooling/benchmarks/src/support/readme-example.provider';

const ROOT = path.join(__dirname, '..', '..', '..');

/** The classes of the provider file: from `class ProvisionArgs` up to the closing brace of `Machines`. */
function providerClasses(): string {
  const source = readFileSync(
    path.join(ROOT, 'tooling', 'benchmarks', 'src', 'support', 'readme-example.provider.ts'),
    'utf8',
  );
  const start = source.indexOf('\nclass ProvisionArgs') + 1;
  return source.slice(start, source.indexOf('\n}\n', source.indexOf('\nclass Machines')) + 3);
}

test('the README shows the provider the tests and benchmarks run, verbatim', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## A complete small example\n'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const classes = providerClasses();
  expect(classes).toMatch(/^class ProvisionArgs[\s\S]*class Machines[\s\S]*\n}\n$/);
  expect(block).toContain(classes);
});

test('the README example: the region is asked, not an argument, and the call completes', async () => {
  const app = createApp({ name: 'machines', version: '1.0.0', providers: [Machines], logger: silentLogger });
  const asked: string[] = [];
  const client = new TesseraClient({
    elicitation: async ({ message }) => {
      asked.push(message);
      return { action: 'accept', content: { region: 'eu' } };
    },
  });
  await client.connect({ fetch: app.fetch });
  const { tools } = await client.listTools();
  expect(Object.keys((tools[0].inputSchema as { properties: object }).properties)).toEqual(['name']);
  const result = await client.callTool({ name: 'provision', arguments: { name: 'web1' } });
  expect(result.content).toEqual([{ type: 'text', text: 'provisioned web1 in eu' }]);
  expect(asked).toEqual(['Where should web1 run?']);
});
