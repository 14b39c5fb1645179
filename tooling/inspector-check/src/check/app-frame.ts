import type { Frame, Page } from 'playwright-core';

/**
 * The frame of an MCP App view that shows `selector`. The Inspector renders a view two frames deep (its
 * sandbox proxy on another origin, the view inside it), so the frames of the page are searched until one
 * shows it; fails naming `what` when none does in time.
 */
export async function appFrame(page: Page, selector: string, what: string, timeoutMs = 15_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame() || frame.isDetached()) continue;
      if (
        await frame
          .locator(selector)
          .first()
          .isVisible()
          .catch(() => false)
      )
        return frame;
    }
    if (Date.now() > deadline) throw new Error(`expected ${what} inside an app frame within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
