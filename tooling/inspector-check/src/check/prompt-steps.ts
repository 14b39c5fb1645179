import { Guest } from '../concierge.provider';
import type { Step } from './step';
import { elicitationDialog, expectFormShowsDto, expectVisible, field, openDialog, openTab, submit } from './ui';

/** The prompt that asks before it renders. */
export function promptSteps(): Step[] {
  return [
    {
      name: 'get the invitation prompt: it asks whom it is for',
      run: async (page) => {
        await openTab(page, 'Prompts');
        await page.getByText('invitation', { exact: true }).first().click();
        await page.getByRole('textbox', { name: 'event', exact: true }).fill('the harvest dinner');
        await page.getByRole('button', { name: 'Get Prompt' }).click();
        const dialog = await elicitationDialog(page, 'Who is invited to the harvest dinner?');
        const titles = await expectFormShowsDto(dialog, Guest);
        await field(dialog, 'Guest name').fill('Ada');
        return titles.join(', ');
      },
    },
    {
      name: 'submit it: the prompt renders with the answer',
      run: async (page) => {
        await submit(openDialog(page));
        const text = 'Write a warm invitation to the harvest dinner for Ada.';
        await expectVisible(page.getByText(text, { exact: true }), `the prompt message "${text}"`);
        return text;
      },
    },
  ];
}
