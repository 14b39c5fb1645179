import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { connectInMemory, createFlowTester, sendRaw } from '@tessera/testing';

// The test helpers refuse a misspelt option by name, listing the known ones, as the rest of Tessera does.

@Provider()
class Hello {
  @Tool()
  hello(): string {
    return 'hi';
  }
}

const app = createApp({ name: 'keys', version: '1', providers: [Hello], logger: silentLogger });
afterAll(() => app.close());

test('createFlowTester, connectInMemory and sendRaw', async () => {
  await expect(createFlowTester(app, { capabilites: {} } as never)).rejects.toThrow(
    new TypeError('createFlowTester: "capabilites" is not an option; known: clock, capabilities.'),
  );
  await expect(connectInMemory(app, { protocl: 'legacy' } as never)).rejects.toThrow(
    /^the test client: "protocl" is not an option; known: capabilities, protocol, headers, clientInfo, options, fetch\.$/,
  );
  await expect(connectInMemory(app, { protocol: '2025' } as never)).rejects.toThrow(
    'the test client: protocol must be one of "2026-07-28", "legacy", got "2025".',
  );
  await expect(sendRaw(app, 'tools/list', {}, { header: {} } as never)).rejects.toThrow(
    'sendRaw: "header" is not an option; known: capabilities, id, headers.',
  );
  const tester = await createFlowTester(app);
  const run = await tester.callTool('hello');
  expect(() => run.expectAsked(1, [], { key: 'subset' } as never)).toThrow(
    'expectAsked: "key" is not an option; known: keys.',
  );
  await tester.close();
});
