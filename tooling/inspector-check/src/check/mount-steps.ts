import { Seating } from '../concierge.provider';
import type { Target } from './connect-steps';
import { connectServer } from './server-cards';
import type { Step } from './step';
import { callTool, expectResult } from './tool-steps';
import { elicitationDialog, expectFormShowsDto, expectVisible, field, choose, openDialog, openTab, submit } from './ui';

/** The gateway: the concierge mounted with `mountRemote` (a child process on stdio), its tools under `concierge_`. */
export function mountSteps(target: Target): Step[] {
  return [
    {
      name: 'connect to the gateway, which mounts the concierge (mountRemote)',
      run: (page) => connectServer(page, target.servers, 'gateway'),
    },
    {
      name: 'list tools: the mounted concierge tools, namespaced',
      run: async (page) => {
        await openTab(page, 'Tools');
        const tools = ['concierge_book_table', 'concierge_plan_evening', 'concierge_order_wine'];
        for (const tool of tools)
          await expectVisible(page.getByText(tool, { exact: true }), `the mounted tool ${tool} in the list`);
        return tools.join(', ');
      },
    },
    {
      name: 'call concierge_book_table through the mount: its form',
      run: async (page) => {
        await callTool(page, 'concierge_book_table', 'restaurant', 'Chez Tessa');
        const dialog = await elicitationDialog(page, 'How should we seat you at Chez Tessa?');
        await expectFormShowsDto(dialog, Seating);
        await field(dialog, 'Number of guests').fill('2');
        await choose(page, dialog, 'Seating area', 'bar');
        return '2, bar';
      },
    },
    {
      name: 'submit it: the result comes back through the mount',
      run: async (page) => {
        await submit(openDialog(page));
        return expectResult(page, 'Booked Chez Tessa: a table for 2 in the bar area.');
      },
    },
  ];
}
