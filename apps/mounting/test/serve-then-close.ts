// The run every framework test makes through its mounted app: the host's own route, the checks of
// drive-bookings.ts at /mcp, then the host's own close while a listen stream is still open.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expectBadArgumentsNamed,
  expectBookingFlow,
  expectRefusedWithoutToken,
  openListenStream,
} from './drive-bookings';

export interface MountedHost {
  /** A route of the host's own, answered beside /mcp, and the JSON it answers. */
  hostRoute: { path: string; body: unknown };
  /** Checks of this host's own, made after the booking flow went through it. */
  afterFlow?: () => void | Promise<void>;
  /** The host's graceful close, which has to end Tessera's open streams too. */
  close: () => Promise<void>;
  /** How long that close may take at most. */
  closeWithinMs?: number;
}

export async function serveThenClose(base: string, host: MountedHost): Promise<void> {
  let listener: (() => Promise<void>) | undefined;
  try {
    expect(await (await fetch(`${base}${host.hostRoute.path}`)).json()).toEqual(host.hostRoute.body);
    await expectBookingFlow(`${base}/mcp`);
    await host.afterFlow?.();
    await expectRefusedWithoutToken(`${base}/mcp`);
    await expectBadArgumentsNamed(`${base}/mcp`);
    listener = await openListenStream(`${base}/mcp`);
  } finally {
    // an open listen stream would hold the host's close for ever: it is cut after the drain time
    const started = Date.now();
    await host.close();
    expect(Date.now() - started).toBeLessThan(host.closeWithinMs ?? 5000);
    await listener?.();
  }
}

/** The base URL of a node:http server once it listens on its loopback port. */
export async function baseOnceListening(server: Server): Promise<string> {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
