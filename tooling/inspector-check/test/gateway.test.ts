import { TesseraClient } from '@tessera/client';
import { createApp, silentLogger } from '@tessera/core';
import { listen } from '@tessera/core/node';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { conciergeModule } from '../src/concierge.module';
import { createGateway } from '../src/gateway';

describe('tooling/inspector-check: the gateway the Inspector check lists', () => {
  test("serves the concierge's tools under its prefix and forwards a call's question and answer", async () => {
    const concierge = createApp({ ...conciergeModule, logger: silentLogger });
    const listener = await listen(concierge, { port: 0, host: '127.0.0.1' });
    const gateway = await createGateway({ url: listener.url.href });
    const asked: string[] = [];
    const client = new TesseraClient({
      elicitation: async (params) => {
        asked.push((params as ElicitRequestFormParams).message);
        return { action: 'accept', content: { guests: 2, area: 'bar' } };
      },
    });
    try {
      await client.connect({ fetch: gateway.app.fetch });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'concierge_book_table',
        'concierge_order_wine',
        'concierge_plan_evening',
      ]);
      const result = await client.callTool({ name: 'concierge_book_table', arguments: { restaurant: 'Chez Tessa' } });
      expect(asked).toEqual(['How should we seat you at Chez Tessa?']);
      expect(result.content).toEqual([{ type: 'text', text: 'Booked Chez Tessa: a table for 2 in the bar area.' }]);
    } finally {
      await client.close();
      await gateway.close();
      await listener.close();
      await concierge.close();
    }
  });
});
