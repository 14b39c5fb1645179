import { createApp, silentLogger } from '@tessera/core';
import { connectInMemory, echoToolTable } from '@tessera/testing';

describe("echoToolTable: a tool table of any size, shaped like an application's", () => {
  test('1000 tools: echo plus tool_1..tool_999, ten per provider class, each with an args DTO of its own', async () => {
    const providers = echoToolTable(1000);
    expect(providers).toHaveLength(1 + 100);
    const app = createApp({ name: 'table', version: '1', providers, logger: silentLogger });
    const client = await connectInMemory(app);
    try {
      const tools = [];
      for (let cursor: string | undefined, page; ; cursor = page.nextCursor) {
        page = await client.listTools(cursor === undefined ? {} : { cursor });
        tools.push(...page.tools);
        if (page.nextCursor === undefined) break;
      }
      expect(tools.map((t) => t.name)).toEqual(['echo', ...Array.from({ length: 999 }, (_, i) => `tool_${i + 1}`)]);
      expect(tools[500].inputSchema).toMatchObject({
        type: 'object',
        properties: { text: { type: 'string', description: 'Text to echo' } },
        required: ['text'],
      });
      expect(await client.callTool({ name: 'echo', arguments: { text: 'hello' } })).toMatchObject({
        content: [{ type: 'text', text: 'hello' }],
      });
      expect(await client.callTool({ name: 'tool_999', arguments: { text: 'last' } })).toMatchObject({
        content: [{ type: 'text', text: 'last' }],
      });
      // Each filler validates its own DTO, as a hand-written one would.
      expect(await client.callTool({ name: 'tool_42', arguments: { text: 7 } })).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: expect.stringContaining('text') }],
      });
    } finally {
      await client.close();
      await app.close();
    }
  });

  test('one tool is echo alone; a count below one is refused, naming it', () => {
    expect(echoToolTable(1)).toHaveLength(1);
    expect(() => echoToolTable(0)).toThrow('echoToolTable: toolCount must be a whole number >= 1, got 0');
    expect(() => echoToolTable(2.5)).toThrow('toolCount');
  });
});
