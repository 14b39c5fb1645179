// A user's project with "type": "module", compiled by its own tsc (TypeScript 7's `tsc --init` settings, or the
// scaffold's): one @Elicit tool, run as a flow by @tessera/testing in memory, then served by @tessera/core/node
// on a loopback port and called by @tessera/client. Prints one line; exits non-zero on any mismatch.
import 'reflect-metadata';
import { Args, createApp, Elicit, Elicitation, Field, Provider, Tool, type AppModule } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { IsIn, IsString } from '@tessera/core/validators';
import { TesseraClient } from '@tessera/client';
import { answer, createFlowTester } from '@tessera/testing';

class BookingArgs {
  @Field({ description: 'Where to book a desk' })
  @IsString()
  city!: string;
}

class DayChoice {
  @Field({ description: 'Which day' })
  @IsIn(['monday', 'friday'])
  day!: 'monday' | 'friday';
}

@Provider()
class Desks {
  @Tool({ description: 'Book a desk; asks for the day' })
  book(
    @Args() args: BookingArgs,
    @Elicit({ key: 'day', message: 'Which day?', schema: DayChoice }) choice: Elicitation<DayChoice>,
  ): string {
    return choice.action === 'accept' ? `desk in ${args.city} on ${choice.content.day}` : 'no desk';
  }
}

const appModule: AppModule = { name: 'esm-consumer', version: '1.0.0', providers: [Desks] };
const expected = 'desk in Lyon on friday';

const tester = await createFlowTester(appModule);
try {
  const flow = await tester.callTool('book', { city: 'Lyon' }, { answers: { day: answer.accept({ day: 'friday' }) } });
  flow.expectRounds(1).expectResult(expected);
} finally {
  await tester.close();
}

const listener = await listen(createApp(appModule), { port: 0, host: '127.0.0.1' });
const client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { day: 'friday' } }) });
try {
  await client.connect({ url: listener.url });
  const result = await client.callTool({ name: 'book', arguments: { city: 'Lyon' } });
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  if (text !== expected) throw new Error(`over HTTP: expected "${expected}", got "${text}"`);
} finally {
  await client.close();
  await listener.close();
}
console.log(`ESM consumer on Node ${process.versions.node}: flow in memory and over HTTP: ${expected}`);
