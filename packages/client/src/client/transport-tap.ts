import type { JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/client';

/** What the client reads or changes of the messages between the SDK client and its transport. */
export interface TransportTap {
  /** A message the transport received, as the SDK client should read it. */
  inbound(message: JSONRPCMessage): JSONRPCMessage;
  /** A message the SDK client sends, as the transport should send it. */
  outbound(message: JSONRPCMessage): JSONRPCMessage;
}

type Dispatch = (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

/** The dispatchers this module installed, so a transport is never tapped twice on one connection. */
const tappedDispatchers = new WeakSet<Dispatch>();
/** The transports whose `send` this module wrapped (a transport may be connected again after a failed attempt). */
const tappedSenders = new WeakSet<Transport>();

/**
 * Puts `tap` between a connected SDK client and its transport, through the transport's public members: the
 * `onmessage` the SDK client installed on `connect` and the transport's `send`. Call it once `connect` has
 * resolved: the handshake before it carries nothing the tap is for, and the SDK installs its dispatcher anew on
 * every connect.
 */
export function tapTransport(transport: Transport, tap: TransportTap): void {
  const dispatch = transport.onmessage as Dispatch | undefined;
  if (dispatch !== undefined && !tappedDispatchers.has(dispatch)) {
    const tapped: Dispatch = (message, extra) => dispatch(tap.inbound(message), extra);
    tappedDispatchers.add(tapped);
    transport.onmessage = tapped as Transport['onmessage'];
  }
  if (!tappedSenders.has(transport)) {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => send(tap.outbound(message), options);
    tappedSenders.add(transport);
  }
}
