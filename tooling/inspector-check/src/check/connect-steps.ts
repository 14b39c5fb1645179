import type { Step } from './step';
import { expectVisible, openTab } from './ui';

/** Where the Inspector page and the server are; known once the services are up, read when the steps run. */
export interface Target {
  pageUrl: string;
  serverUrl: string;
}

/** Connect to the preconfigured server (modern era, Streamable HTTP) and list its tools. */
export function connectSteps(target: Target): Step[] {
  return [
    {
      name: 'open the Inspector',
      run: async (page) => {
        await page.goto(target.pageUrl, { waitUntil: 'domcontentloaded' });
        await expectVisible(
          page.getByText(target.serverUrl, { exact: true }),
          `the server card for ${target.serverUrl}`,
        );
        await expectVisible(
          page.getByText('Streamable HTTP', { exact: true }),
          'the Streamable HTTP transport on the server card',
        );
      },
    },
    {
      name: 'connect over Streamable HTTP, protocol 2026-07-28',
      run: async (page) => {
        await page.getByRole('switch').or(page.locator('input[type=checkbox]')).first().click({ force: true });
        await expectVisible(page.getByText('Connected', { exact: true }), 'the server card saying "Connected"');
        await expectVisible(
          page.getByText('MCP 2026-07-28', { exact: true }),
          'the negotiated protocol "MCP 2026-07-28" on the server card',
        );
        await expectVisible(
          page.getByText('concierge', { exact: true }),
          "the server's own name, concierge, in the header",
        );
        return 'MCP 2026-07-28';
      },
    },
    {
      name: 'list tools',
      run: async (page) => {
        await openTab(page, 'Tools');
        await expectVisible(page.getByText('Tools (3)', { exact: true }), 'the heading "Tools (3)"');
        for (const tool of ['book_table', 'plan_evening', 'order_wine'])
          await expectVisible(page.getByText(tool, { exact: true }), `the tool ${tool} in the list`);
        return 'book_table, plan_evening, order_wine';
      },
    },
  ];
}
