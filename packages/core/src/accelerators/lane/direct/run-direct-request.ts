import {
  isInputRequiredResult,
  type AuthInfo,
  type CacheHint,
  type Implementation,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type Notification,
  type RequestId,
} from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../../../compiler/handler-plan';
import { serveCall } from '../../../call-adapter/serve-call';
import { JsonRpcCode } from '../../../errors/json-rpc-codes';
import type { ServerRuntime } from '../../../server/server-runtime';
import type { AnswerSlot } from '../answer-slot';
import { directCallContext } from './direct-call-context';
import type { AdmittedRequest, GatedMethod } from './direct-request-gate';
import type { EventStreamAnswer } from './event-stream-answer';
import type { InputRequiredSeam } from './input-required-seam';
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

/** What every direct get and read of one app shares. */
export interface DirectServing {
  rt: ServerRuntime;
  /** The app's identity, as the SDK stamps it. */
  serverInfo: Implementation;
  /** The app's configured cache hint for `method`, as the SDK reads it. */
  cacheHint(method: GatedMethod): CacheHint | undefined;
  /** The SDK's multi-round-trip seam, lent by one server of the app's factory. */
  seam: InputRequiredSeam;
}

/** The serving of `rt`'s app, through `seam` (lent by one server of the app's own factory). */
export function directServing(rt: ServerRuntime, seam: InputRequiredSeam): DirectServing {
  const hints = rt.cacheHints as Partial<Record<GatedMethod, CacheHint>> | undefined;
  return {
    rt,
    serverInfo: rt.info,
    cacheHint: (method) => hints?.[method],
    seam,
  };
}

/**
 * Runs a `prompts/get` or `resources/read` through the call pipeline, as the handler the SDK path
 * registers runs it (register-prompts.ts, register-resources.ts: the same `serveCall` and `finish`), with
 * the context the SDK's per-request server would give it (direct-call-context.ts), inside the SDK's own
 * multi-round-trip seam (its checks of an incoming state and of an input-required answer, its refusal of
 * a URL-elicitation error on this revision), and answers as that server would: a complete result through
 * its encode seam (encoded-result.ts, with the configured cache hint), an input-required one through the
 * SDK's own codec, a thrown error as its error answer (-32002 sent as -32602), a message sent before the
 * result turning the answer into an event stream. A JSON answer is left in `slot` as text.
 */
export function runDirectRequest(
  serving: DirectServing,
  job: DirectJob,
  request: Request,
  slot: AnswerSlot,
  authInfo?: AuthInfo,
): Promise<Response> {
  const { method, admitted, plan } = job;
  const { id, retry } = admitted;
  const { rt, seam } = serving;
  return new Promise<Response>((respond, fail) => {
    let stream: EventStreamAnswer | undefined;
    const notify = async (notification: Notification) => {
      if (!stream) {
        // its module required by the first call that sends one (a progress or log notification)
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        stream = new (require('./event-stream-answer') as typeof import('./event-stream-answer')).EventStreamAnswer();
        respond(stream.response);
      }
      stream.send({ jsonrpc: '2.0', ...notification } as JSONRPCMessage);
    };
    const input = { id, method, meta: admitted.meta, ...(retry && { retry }), request, authInfo, notify };
    const { ctx, finish } = directCallContext(input);
    const site = { method, target: admitted.name, arguments: job.arguments, era: 'modern' as const };
    // the outcome, whichever it is, in one turn (as a chain of thens would: a result that cannot be encoded is
    // an error answer; an error that cannot be read, or an answer that cannot be written, is the face's 500)
    const settle = (outcome: unknown, failed: boolean) => {
      let answer: { result: unknown } | { error: JSONRPCErrorResponse };
      try {
        answer = failed ? { error: thrownAnswer(id, outcome) } : encodedAnswer(serving, method, id, outcome);
      } catch (error) {
        return fail(error);
      }
      try {
        finish();
        if ('error' in answer) {
          if (stream) return stream.end(JSON.stringify(answer.error));
          // 200 like the SDK's, except a missing client capability (its ladder status)
          const status = answer.error.error.code === JsonRpcCode.MissingRequiredClientCapability ? 400 : 200;
          return respond(Response.json(answer.error, { status, headers: { 'Content-Type': 'application/json' } }));
        }
        // written here: a result that is no JSON fails the answer (500), not the request
        const text = JSON.stringify({ result: answer.result, jsonrpc: '2.0', id });
        if (stream) return stream.end(text);
        respond(slot.takeText(text));
      } catch (error) {
        fail(error);
      }
    };
    seam
      .invoke(method, ctx, (c) => serveCall(rt, plan, site, c, job.finish))
      .then(
        (result) => settle(result, false),
        (error: unknown) => settle(error, true),
      );
  });
}

/** encoded-result.ts, required by the first complete prompt or resource answer (a tools/call needs none). */
let encoding: typeof import('./encoded-result') | undefined;

/**
 * A result's answer: an input-required one through the SDK's codec, any other through its encode seam; a
 * result that cannot be encoded is an error answer.
 */
function encodedAnswer(
  serving: DirectServing,
  method: GatedMethod,
  id: RequestId,
  result: unknown,
): { result: unknown } | { error: JSONRPCErrorResponse } {
  try {
    return isInputRequiredResult(result)
      ? { result: serving.seam.encode(method, result) }
      : {
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          result: (encoding ??= require('./encoded-result') as typeof import('./encoded-result')).encodedResult(
            method,
            result as Record<string, unknown>,
            serving.serverInfo,
            serving.cacheHint(method),
          ),
        };
  } catch (error) {
    return { error: thrownAnswer(id, error) };
  }
}
