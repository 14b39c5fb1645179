import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Confirmation, CuisineChoice, DishChoice, Seating, WineChoice } from '../concierge.provider';
import { screenshotDir } from './paths';
import type { Step } from './step';
import { choose, elicitationDialog, expectFormShowsDto, expectVisible, field, openTab, openDialog, submit } from './ui';

/** The README's picture of an Inspector form: the filled dialog alone. */
export const formPicture = join(screenshotDir, 'form.png');

export async function callTool(page: Page, tool: string, argument: string, value: string): Promise<void> {
  await openTab(page, 'Tools');
  await page.getByText(tool, { exact: true }).first().click();
  await page.getByRole('textbox', { name: argument, exact: true }).fill(value);
  await page.getByRole('button', { name: 'Execute Tool' }).click();
}

export async function expectResult(page: Page, text: string, timeout?: number): Promise<string> {
  await expectVisible(page.getByText(text, { exact: true }), `the result "${text}"`, timeout);
  return text;
}

// Each step ends on something worth a screenshot (a form as asked, a form filled, a result); the next
// step submits what the previous one filled.

/** The tool with one @Elicit: its form, filled and submitted, then its result. */
export function oneQuestionSteps(): Step[] {
  return [
    {
      name: 'call book_table: the form shows the DTO titles and descriptions',
      run: async (page) => {
        await callTool(page, 'book_table', 'restaurant', 'Chez Tessa');
        const dialog = await elicitationDialog(page, 'How should we seat you at Chez Tessa?');
        return (await expectFormShowsDto(dialog, Seating)).join(', ');
      },
    },
    {
      name: 'fill the book_table form',
      run: async (page) => {
        const dialog = openDialog(page);
        await field(dialog, 'Number of guests').fill('4');
        await choose(page, dialog, 'Seating area', 'terrace');
        await dialog.screenshot({ path: formPicture });
        return '4, terrace';
      },
    },
    {
      name: 'submit it: book_table returns its result',
      run: async (page) => {
        await submit(openDialog(page));
        await expectVisible(page.getByText('Results', { exact: true }), 'the Results panel');
        return expectResult(page, 'Booked Chez Tessa: a table for 4 in the terrace area.');
      },
    },
  ];
}

/** The flow of three rounds: each question is built from the previous answer. */
export function threeRoundSteps(): Step[] {
  return [
    {
      name: 'call plan_evening, round 1 of 3: cuisine',
      run: async (page) => {
        await callTool(page, 'plan_evening', 'city', 'Lyon');
        const dialog = await elicitationDialog(page, 'What would you like to eat in Lyon?');
        await expectFormShowsDto(dialog, CuisineChoice);
        await choose(page, dialog, 'Cuisine', 'japanese');
        return 'japanese';
      },
    },
    {
      name: 'round 2 of 3: a dish, asked from round 1',
      run: async (page) => {
        await submit(openDialog(page));
        const dialog = await elicitationDialog(page, 'Which japanese dish should we pre-order?');
        await expectFormShowsDto(dialog, DishChoice);
        await field(dialog, 'Dish').fill('ramen');
        return 'ramen';
      },
    },
    {
      name: 'round 3 of 3: a confirmation, asked from round 2',
      run: async (page) => {
        await submit(openDialog(page));
        const dialog = await elicitationDialog(page, 'Reserve an evening of ramen?');
        await expectFormShowsDto(dialog, Confirmation);
        await field(dialog, 'Confirm').check();
        return 'confirmed';
      },
    },
    {
      name: 'submit it: plan_evening returns its result',
      run: async (page) => {
        await submit(openDialog(page));
        return expectResult(page, 'Reserved in Lyon: japanese food, ramen pre-ordered.');
      },
    },
    {
      name: 'protocol log: plan_evening took 4 requests, 3 of them input_required',
      run: async (page) => {
        await openTab(page, 'Protocol');
        // The log's badges are upper-cased by CSS only: match their text case-insensitively.
        await expectVisible(page.getByText(/^modern$/i), 'the protocol log in the modern era');
        const flow = page.getByText(/^4 rounds$/i);
        await expectVisible(flow, 'a tools/call of "4 rounds" in the protocol log');
        // Open the entry: it lists each round (and the screenshot shows them).
        await flow.first().locator('xpath=ancestor::*[.//button][1]').getByRole('button').last().click();
        for (const round of ['Round 1', 'Round 2', 'Round 3', 'Round 4'])
          await expectVisible(page.getByText(round, { exact: true }), `"${round}" in the opened log entry`);
        return '4 rounds, complete';
      },
    },
  ];
}

/** The task tool: the Inspector follows the task, shows the question it parks on, and the task's result. */
export function taskSteps(): Step[] {
  return [
    {
      name: 'call order_wine: a task, parked input_required, its question in the form',
      run: async (page) => {
        await callTool(page, 'order_wine', 'dish', 'ramen');
        const dialog = openDialog(page);
        await expectVisible(dialog.getByText('Which wine with the ramen?'), "the task's question in the dialog");
        await expectFormShowsDto(dialog, WineChoice);
        await choose(page, dialog, 'Wine colour', 'white');
        return 'white';
      },
    },
    {
      name: 'submit it: the task completes and order_wine returns its result',
      run: async (page) => {
        await submit(openDialog(page));
        return expectResult(page, 'Ordered a white wine for the ramen (task yes).');
      },
    },
  ];
}
