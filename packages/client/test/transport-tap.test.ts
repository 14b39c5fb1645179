import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { tapTransport } from '../src/client/transport-tap';

/*
 * The tap sits on the transport's public members: the dispatcher the SDK client installed and `send`. Each
 * message passes it once, however often the same transport is tapped (a connect tried again on it).
 */

function transportWith(dispatch: (message: JSONRPCMessage) => void) {
  const sent: JSONRPCMessage[] = [];
  const transport: Transport = {
    start: async () => undefined,
    close: async () => undefined,
    send: async (message) => {
      sent.push(message);
    },
    onmessage: dispatch as Transport['onmessage'],
  };
  return { transport, sent };
}

const mark = (message: JSONRPCMessage, by: string) =>
  ({ ...message, marks: [...((message as { marks?: string[] }).marks ?? []), by] }) as unknown as JSONRPCMessage;

test('inbound messages reach the dispatcher and sent ones the transport through the tap, once each', async () => {
  const received: JSONRPCMessage[] = [];
  const { transport, sent } = transportWith((message) => received.push(message));
  const tap = { inbound: (m: JSONRPCMessage) => mark(m, 'in'), outbound: (m: JSONRPCMessage) => mark(m, 'out') };
  tapTransport(transport, tap);
  tapTransport(transport, tap);
  transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/x' });
  await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
  expect(received).toEqual([{ jsonrpc: '2.0', method: 'notifications/x', marks: ['in'] }]);
  expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping', marks: ['out'] }]);
});

test("a dispatcher installed anew (the SDK's next connect) is tapped again; send stays tapped once", async () => {
  const first: JSONRPCMessage[] = [];
  const again: JSONRPCMessage[] = [];
  const { transport, sent } = transportWith((message) => first.push(message));
  const tap = { inbound: (m: JSONRPCMessage) => mark(m, 'in'), outbound: (m: JSONRPCMessage) => mark(m, 'out') };
  tapTransport(transport, tap);
  transport.onmessage = ((message: JSONRPCMessage) => again.push(message)) as Transport['onmessage'];
  tapTransport(transport, tap);
  transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/x' });
  await transport.send({ jsonrpc: '2.0', method: 'notifications/y' });
  expect(first).toEqual([]);
  expect(again).toEqual([{ jsonrpc: '2.0', method: 'notifications/x', marks: ['in'] }]);
  expect(sent).toEqual([{ jsonrpc: '2.0', method: 'notifications/y', marks: ['out'] }]);
});
