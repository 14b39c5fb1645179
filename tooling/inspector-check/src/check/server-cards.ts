import type { Locator, Page } from 'playwright-core';
import type { ServerUrls } from './services';
import { expectVisible, openTab } from './ui';

/** The card of one server on the Servers tab: the innermost element showing both its name and its URL. */
export function serverCard(page: Page, name: string, url: string): Locator {
  return page
    .locator('div')
    .filter({ has: page.getByText(name, { exact: true }) })
    .filter({ has: page.getByText(url, { exact: true }) })
    .last();
}

function connectionSwitch(card: Locator): Locator {
  return card.getByRole('switch').or(card.locator('input[type=checkbox]')).first();
}

/**
 * Connects the Inspector to the server `name` of the list (modern era, Streamable HTTP), disconnecting
 * whichever other server is connected first; resolves once its card says the protocol it negotiated.
 */
export async function connectServer(page: Page, servers: ServerUrls, name: keyof ServerUrls): Promise<string> {
  await openTab(page, 'Servers');
  for (const [other, url] of Object.entries(servers)) {
    const card = serverCard(page, other, url);
    if (other === name || !(await card.getByText('Connected', { exact: true }).isVisible())) continue;
    await switchUntil(card, 'Disconnected', `the card of ${other} saying "Disconnected"`);
  }
  const card = serverCard(page, name, servers[name]);
  await connectionSwitch(card).click({ force: true });
  await expectVisible(card.getByText('Connected', { exact: true }), `the card of ${name} saying "Connected"`);
  await expectVisible(
    card.getByText('MCP 2026-07-28', { exact: true }),
    `the negotiated protocol "MCP 2026-07-28" on the card of ${name}`,
  );
  await expectVisible(page.getByText(name, { exact: true }), `the server's name, ${name}, in the header`);
  return `${name}, MCP 2026-07-28`;
}

/**
 * Clicks the card's switch and waits for the card to say `state`. A click that lands while the page re-renders (an
 * app's view closing, a round still shown as awaiting) can be lost, as seen on a loaded machine: while the card
 * still shows the state it had (the click changed nothing), it is clicked again, three times at most.
 */
async function switchUntil(card: Locator, state: string, what: string): Promise<void> {
  const shown = card.getByText(state, { exact: true });
  const unchanged = card.getByText('Connected', { exact: true });
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt === 1 || (await unchanged.isVisible())) await connectionSwitch(card).click({ force: true });
    if (await visibleWithin(shown, 5_000)) return;
  }
  await expectVisible(shown, what);
}

function visibleWithin(locator: Locator, timeout: number): Promise<boolean> {
  return locator
    .first()
    .waitFor({ state: 'visible', timeout })
    .then(
      () => true,
      () => false,
    );
}
