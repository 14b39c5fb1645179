import type { Locator, Page } from 'playwright-core';
import { elicitationSchemaForDto } from '@tessera/core/advanced';

/** Waits until `locator` is visible, or fails naming what was expected. */
export async function expectVisible(locator: Locator, what: string, timeout = 15_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected ${what} to be visible within ${timeout} ms`);
  }
}

/** The Inspector's elicitation dialog as it is now (no wait). */
export function openDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: 'Elicitation Request' });
}

/** The Inspector's elicitation dialog, once it shows `message` (the server's question as rendered). */
export async function elicitationDialog(page: Page, message: string): Promise<Locator> {
  const dialog = openDialog(page);
  await expectVisible(dialog.getByText(message, { exact: false }), `the elicitation dialog asking "${message}"`);
  await expectVisible(
    dialog.getByText('INPUT_REQUIRED'),
    'the dialog marking the request as an input_required round (MRTR)',
  );
  return dialog;
}

/**
 * Checks that the form shows every field of the question's DTO by its title and description, as Tessera
 * generated them (`@Field({ title, description })`), so a change to the DTO is checked without editing this.
 */
export async function expectFormShowsDto(dialog: Locator, dto: new () => object): Promise<string[]> {
  const titles: string[] = [];
  for (const [name, property] of Object.entries(elicitationSchemaForDto(dto).properties)) {
    // Every field of these DTOs has both: a schema without them would make this check pass on field names alone.
    const { title, description } = property;
    if (!title || !description)
      throw new Error(`the schema Tessera generated for ${dto.name}.${name} lacks its @Field title or description`);
    await expectVisible(field(dialog, title), `a form field labelled "${title}" (${dto.name}.${name})`);
    await expectVisible(
      dialog.getByText(description, { exact: true }),
      `the description "${description}" (${dto.name}.${name})`,
    );
    titles.push(title);
  }
  return titles;
}

/** The form field labelled `title` exactly (the label may carry the required-field asterisk the form adds). */
export function field(dialog: Locator, title: string): Locator {
  return dialog.getByLabel(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/** Picks `option` in the form's select titled `label` (a Mantine combobox). */
export async function choose(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await field(dialog, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Submits the dialog and waits for it to close or move to the next question. */
export async function submit(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

/** Opens a tab of the Inspector by its label (Servers, Tools, Prompts at the top; Logs, Protocol, Network on the side). */
export async function openTab(page: Page, name: string): Promise<void> {
  // The tabs are segmented controls: a visible label over a hidden radio input, so click the label's text.
  await page.getByText(name, { exact: true }).first().click();
}
