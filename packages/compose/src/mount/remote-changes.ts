import type { McpSubscription } from '@modelcontextprotocol/client';
import type { Class, TesseraApp } from '@tessera/core';
import type { RemoteConnection } from './remote-connection';

const LIST_CHANGED = [
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
] as const;

/**
 * Keeps an app's mounted surface in step with the remote: each `list_changed` the remote sends (on a
 * `subscriptions/listen` stream from a 2026-07-28 remote, unasked from a 2025-era one) rereads everything it
 * lists and swaps the mounted provider in one checked change, so the app raises its own `list_changed`.
 * Notifications that arrive during a reread are folded into one more reread.
 */
export class RemoteChanges {
  private subscription: McpSubscription | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly connection: RemoteConnection,
    /** Rereads the remote and builds the provider that serves what it lists now. */
    private readonly rebuild: () => Promise<Class>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts listening; `current` is the provider `app` serves the mount with. */
  async follow(app: TesseraApp, current: () => Class, swapped: (next: Class) => void): Promise<void> {
    const sdk = this.connection.client.sdk;
    const refresh = async (): Promise<void> => {
      const next = await this.rebuild();
      app.replaceProvider(current(), next);
      swapped(next);
    };
    for (const method of LIST_CHANGED) sdk.setNotificationHandler(method, () => this.schedule(refresh));
    if (this.connection.client.era === 'modern') {
      this.subscription = await sdk.listen({
        toolsListChanged: true,
        promptsListChanged: true,
        resourcesListChanged: true,
      });
    }
  }

  /** Resolves once no reread is running or due (tests and shutdown wait on it). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await this.subscription?.close().catch(() => undefined);
    await this.settled();
  }

  private schedule(refresh: () => Promise<void>): void {
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        // a failed reread keeps the surface as it was; the next change tries again
        await refresh().catch(this.onError);
      } while (this.again);
      this.running = undefined;
    })();
  }
}
