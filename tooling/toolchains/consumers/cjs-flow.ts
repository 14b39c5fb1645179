// A user's CommonJS project (no "type" field), compiled by its own tsc (TypeScript 7's `tsc --init` settings, or
// the scaffold's). `import x = require(...)`: the import form that compiles in a CommonJS file under
// `verbatimModuleSyntax`, which `tsc --init` turns on. The same flow as esm-flow.ts: one @Elicit tool, run by
// @tessera/testing in memory, then served by @tessera/core/node and called by @tessera/client.
/* eslint-disable @typescript-eslint/no-require-imports -- this file shows the CommonJS form on purpose */
import reflectMetadata = require('reflect-metadata');
import core = require('@tessera/core');
import coreNode = require('@tessera/core/node');
import validators = require('@tessera/core/validators');
import tesseraClient = require('@tessera/client');
import testing = require('@tessera/testing');

class BookingArgs {
  @core.Field({ description: 'Where to book a desk' })
  @validators.IsString()
  city!: string;
}

class DayChoice {
  @core.Field({ description: 'Which day' })
  @validators.IsIn(['monday', 'friday'])
  day!: 'monday' | 'friday';
}

@core.Provider()
class Desks {
  @core.Tool({ description: 'Book a desk; asks for the day' })
  book(
    @core.Args() args: BookingArgs,
    @core.Elicit({ key: 'day', message: 'Which day?', schema: DayChoice }) choice: core.Elicitation<DayChoice>,
  ): string {
    return choice.action === 'accept' ? `desk in ${args.city} on ${choice.content.day}` : 'no desk';
  }
}

const appModule: core.AppModule = { name: 'cjs-consumer', version: '1.0.0', providers: [Desks] };
const expected = 'desk in Lyon on friday';

async function main(): Promise<void> {
  if (typeof reflectMetadata !== 'object') throw new Error('reflect-metadata did not load');
  const tester = await testing.createFlowTester(appModule);
  try {
    const flow = await tester.callTool(
      'book',
      { city: 'Lyon' },
      { answers: { day: testing.answer.accept({ day: 'friday' }) } },
    );
    flow.expectRounds(1).expectResult(expected);
  } finally {
    await tester.close();
  }

  const listener = await coreNode.listen(core.createApp(appModule), { port: 0, host: '127.0.0.1' });
  const client = new tesseraClient.TesseraClient({
    elicitation: async () => ({ action: 'accept', content: { day: 'friday' } }),
  });
  try {
    await client.connect({ url: listener.url });
    const result = await client.callTool({ name: 'book', arguments: { city: 'Lyon' } });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    if (text !== expected) throw new Error(`over HTTP: expected "${expected}", got "${text}"`);
  } finally {
    await client.close();
    await listener.close();
  }
  console.log(`CommonJS consumer on Node ${process.versions.node}: flow in memory and over HTTP: ${expected}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
