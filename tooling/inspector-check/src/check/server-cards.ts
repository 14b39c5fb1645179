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
    await connectionSwitch(card).click({ force: true });
    await expectVisible(card.getByText('Disconnected', { exact: true }), `the card of ${other} saying "Disconnected"`);
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
