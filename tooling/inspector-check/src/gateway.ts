import { createApp, type TesseraApp } from '@tessera/core';
import { mountRemote, type MountRemoteOptions } from '@tessera/compose';

/** Where the gateway finds the concierge: a URL (Streamable HTTP) or a command it starts (stdio). */
export type ConciergeRemote = Pick<MountRemoteOptions, 'url' | 'command' | 'args' | 'connectTimeoutMs'>;

export interface Gateway {
  app: TesseraApp;
  /** Closes the app, then the connection to the concierge (stopping it when it was started on stdio). */
  close(): Promise<void>;
}

/** A gateway with no tools of its own: the concierge mounted under the prefix `concierge` (`concierge_book_table`, ...). */
export async function createGateway(remote: ConciergeRemote): Promise<Gateway> {
  const concierge = await mountRemote({ prefix: 'concierge', ...remote });
  const app = createApp({ name: 'gateway', version: '0.1.0', providers: [], imports: [concierge.module] });
  return {
    app,
    close: async () => {
      await app.close();
      await concierge.close();
    },
  };
}
