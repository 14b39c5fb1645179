import {
  isJSONRPCRequest,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type Server,
  type Transport,
} from '@modelcontextprotocol/server';

/** The SDK's request dispatch (private in its typings: SDK 2.4), read only to call it as its own router does. */
interface RequestDispatch {
  _onrequest(request: JSONRPCRequest, extra?: MessageExtraInfo): void;
}

/**
 * The SDK's router (`Protocol.connect`) tries each inbound message against the result and error response
 * schemas before the request schema. All three are strict, so a message that passes the request schema
 * fails both response schemas; trying it as a request first routes every message exactly as before, but
 * spares a request the two failing parses (a failing zod parse builds its whole issue list, which showed in
 * the HTTP profile). Anything that is not a request goes to the SDK's
 * router unchanged. Call right after `connect`, on a transport that had no message handler of its own; if
 * the server has no `_onrequest` (an SDK that renamed it), nothing changes.
 */
export function routeRequestsFirst(server: Server, transport: Transport): void {
  const dispatch = (server as unknown as Partial<RequestDispatch>)._onrequest;
  const route = transport.onmessage;
  if (typeof dispatch !== 'function' || route === undefined) return;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) dispatch.call(server, message, extra);
    else route(message, extra);
  };
}
