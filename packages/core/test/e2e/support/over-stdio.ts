// One raw JSON-RPC message sent to a server over stdio, without a client in between: for what a well-behaved
// client never sends (a null inputResponses, a requestState that is not a string, ...).
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@tessera/core/node';

/** Sends one raw message over a linked in-memory pair served by `serveStdio`, and waits for its answer. */
export async function overStdio(
  endpoint: Parameters<typeof serveStdio>[0],
  message: JSONRPCMessage,
): Promise<JSONRPCMessage> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(endpoint, { transport: serverSide });
  const answer = new Promise<JSONRPCMessage>((resolve) => (clientSide.onmessage = resolve));
  await clientSide.start();
  await clientSide.send(message);
  try {
    return await answer;
  } finally {
    await clientSide.close();
  }
}
