import type { ServerUrls } from './services';
import type { Step } from './step';
import { connectServer } from './server-cards';
import { expectVisible, openTab } from './ui';

/** Where the Inspector page and the servers are; known once the services are up, read when the steps run. */
export interface Target {
  pageUrl: string;
  servers: ServerUrls;
}

/** Connect to the concierge (modern era, Streamable HTTP) and list its tools. */
export function connectSteps(target: Target): Step[] {
  return [
    {
      name: 'open the Inspector',
      run: async (page) => {
        await page.goto(target.pageUrl, { waitUntil: 'domcontentloaded' });
        for (const [name, url] of Object.entries(target.servers))
          await expectVisible(page.getByText(url, { exact: true }), `the server card of ${name} (${url})`);
        await expectVisible(
          page.getByText('Streamable HTTP', { exact: true }),
          'the Streamable HTTP transport on the server card',
        );
      },
    },
    {
      name: 'connect over Streamable HTTP, protocol 2026-07-28',
      run: async (page) => {
        return connectServer(page, target.servers, 'concierge');
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
