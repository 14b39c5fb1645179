import {
  ProtocolError,
  ProtocolErrorCode,
  isInputRequiredResult,
  type AuthInfo,
  type CacheHint,
  type Implementation,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type Notification,
} from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../../compiler/handler-plan';
import { serveCall } from '../../call-adapter/serve-call';
import { JsonRpcCode } from '../../errors/json-rpc-codes';
import type { ServerRuntime } from '../../server/server-runtime';
import type { AnswerSlot } from '../answer-slot';
import { directCallContext } from './direct-call-context';
import type { AdmittedRequest, GatedMethod } from './direct-request-gate';
import { encodedResultText } from './encoded-result';
import { EventStreamAnswer } from './event-stream-answer';
import { thrownAnswer } from './tool-call-answer';

/** A `prompts/get` or `resources/read` the gate let through, and what serves it. */
export interface DirectJob {
  method: GatedMethod;
  admitted: AdmittedRequest;
  plan: HandlerPlan;
  /** What the request binding digests: the prompt's arguments, a template's variables, nothing for a static resource. */
  arguments: Record<string, unknown>;
  /** Turns the handler's plain value into the method's result (the SDK path's own `finish`). */
  finish(value: unknown): object;
}

/** What every direct job of one app shares: its runtime, its identity, its configured cache hints. */
export interface DirectServing {
  rt: ServerRuntime;
  serverInfo: Implementation;
  cacheHint(method: GatedMethod): CacheHint | undefined;
}

/** The serving of `rt`'s app: its identity as the SDK stamps it, its cache hints as the SDK reads them. */
export function directServing(rt: ServerRuntime): DirectServing {
  const { name, version, title } = rt.info;
  const hints = rt.cacheHints as Partial<Record<GatedMethod, CacheHint>> | undefined;
  return { rt, serverInfo: { name, version, ...(title ? { title } : {}) }, cacheHint: (method) => hints?.[method] };
}

/**
 * Runs a `prompts/get` or `resources/read` through the call pipeline, as the handler the SDK path
 * registers runs it (register-prompts.ts, register-resources.ts: the same `serveCall` and `finish`), with
 * the context the SDK's per-request server would give it (direct-call-context.ts), and answers as that
 * server would: the result through its encode seam (encoded-result.ts), a thrown error as its error
 * answer (-32002 sent as -32602; a URL-elicitation error refused as on this revision), a message sent
 * before the result turning the answer into an event stream. A plain result is left in `slot` as text.
 */
export function runDirectRequest(
  serving: DirectServing,
  job: DirectJob,
  request: Request,
  slot: AnswerSlot,
  authInfo?: AuthInfo,
): Promise<Response> {
  const { method, admitted, plan } = job;
  const { id } = admitted;
  return new Promise<Response>((respond, fail) => {
    let stream: EventStreamAnswer | undefined;
    const notify = async (notification: Notification) => {
      if (!stream) respond((stream = new EventStreamAnswer()).response);
      stream.send({ jsonrpc: '2.0', ...notification } as JSONRPCMessage);
    };
    const { ctx, finish } = directCallContext({ id, method, meta: admitted.meta, request, authInfo, notify });
    const site = { method, target: admitted.name, arguments: job.arguments, era: 'modern' as const };
    void serveCall(serving.rt, plan, site, ctx, job.finish)
      .then((result): { result: object } | { error: JSONRPCErrorResponse } => {
        // unreachable through the gate (no questions, no direct form, no interceptor): a server bug, said so
        if (isInputRequiredResult(result))
          throw new Error(`${plan.where} returned an input-required result but declares no questions`);
        return { result };
      })
      .catch((error: unknown) => ({ error: thrownAnswer(id, onThisRevision(error)) }))
      .then((answer) => {
        finish();
        if ('error' in answer) {
          if (stream) return stream.end(JSON.stringify(answer.error));
          // 200 like the SDK's, except a missing client capability (its ladder status)
          const status = answer.error.error.code === JsonRpcCode.MissingRequiredClientCapability ? 400 : 200;
          return respond(Response.json(answer.error, { status, headers: { 'Content-Type': 'application/json' } }));
        }
        // written here: a result that is no JSON fails the answer (500, below), as the SDK's fails to send it
        const hint = serving.cacheHint(method);
        const text = encodedResultText(method, id, answer.result as Record<string, unknown>, serving.serverInfo, hint);
        if (stream) return stream.end(text);
        respond(slot.takeText(text));
      })
      // an answer that cannot be written (a value that is no JSON): the face answers 500, as when the SDK throws
      .catch(fail);
  });
}

/**
 * The SDK's multi-round-trip seam refuses a URL-elicitation error thrown on this revision (its `-32042`
 * does not exist on the 2026-07-28 wire) with this internal error, its words.
 */
function onThisRevision(error: unknown): unknown {
  if (!(error instanceof ProtocolError) || error.code !== ProtocolErrorCode.UrlElicitationRequired) return error;
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    'URL elicitation cannot be signalled by throwing UrlElicitationRequiredError on protocol revision 2026-07-28: return inputRequired({ inputRequests: { …: inputRequired.elicitUrl(...) } }) from the handler instead. The urlElicitationRequired error (-32042) of earlier revisions is not available on this revision.',
  );
}
