import type { Client } from '@modelcontextprotocol/client';
import type { TesseraApp } from '@tessera/core';
import { connectHttp, type TestClientOptions } from './connect-in-memory';
import { listen } from '@tessera/core/node';

export interface LoopbackConnection {
  client: Client;
  url: URL;
  /** Closes the client, then the listener. */
  close(): Promise<void>;
}

/** Serves the app on 127.0.0.1 (a free port) and connects the official SDK client to it over real HTTP. */
export async function connectLoopback(app: TesseraApp, options: TestClientOptions = {}): Promise<LoopbackConnection> {
  const listener = await listen(app, { port: 0 });
  try {
    const client = await connectHttp(listener.url, options);
    return {
      client,
      url: listener.url,
      close: async () => {
        await client.close().catch(() => undefined);
        await listener.close();
      },
    };
  } catch (error) {
    await listener.close();
    throw error;
  }
}
