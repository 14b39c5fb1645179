import {
  isInputRequiredResult,
  type AuthInfo,
  type CallToolResult,
  type JSONRPCMessage,
  type Notification,
  type RequestId,
} from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../../../compiler/handler-plan';
import { JsonRpcCode } from '../../../errors/json-rpc-codes';
import type { AnswerSlot } from '../answer-slot';
import { toCallToolResult } from '../../../call-adapter/normalize-results';
import { serveCall } from '../../../call-adapter/serve-call';
import type { ServerRuntime } from '../../../server/server-runtime';
import { directCallContext } from './direct-call-context';
import type { EventStreamAnswer } from './event-stream-answer';
import type { InputRequiredSeam } from './input-required-seam';
import type { RetryParams } from './retry-params';
import { answersForItself, screenDirectRequest } from './direct-request-gate';
import { callToolArguments } from './call-tool-arguments';
import { thrownAnswer, ToolCallAnswers, type ToolCallAnswer } from './tool-call-answer';
import { isJsonObject } from '../../../types/json-object';

/** A call this path serves: what the gate read from the request. */
interface DirectCall {
  id: RequestId;
  name: string;
  arguments: Record<string, unknown>;
  meta: Record<string, unknown>;
  retry?: RetryParams;
  plan: HandlerPlan;
}

/**
 * The direct path of listen's node face: a stateless 2026-07-28 `tools/call` of a tool whose answer only
 * the tool and its questions make (a first leg that asks, a leg carrying answers and state, a plain call) is
 * run through the call pipeline without building the SDK's per-request server, transport and handler
 * context (most of a call's CPU over HTTP; the profile is in
 * tooling/benchmarks/notes/2026-12-05-http-cpu-profiles.md). The request is
 * still checked as the SDK checks it: by the gate the direct gets and reads share (direct-request-gate.ts:
 * exact headers, and the SDK's classifier as classify-inbound.ts runs it) and the SDK's `CallToolRequest` /
 * `CallToolResult` schemas; the call runs inside the SDK's own multi-round-trip seam
 * (input-required-seam.ts), and an input-required answer is encoded as the SDK's codec encodes it (the usual one
 * written directly, input-required-json.ts). The answer is the SDK's answer byte for byte (tested against the SDK's path in
 * direct-tool-calls.test.ts, two-paths-divergences.test.ts and two-paths-flows.test.ts). Anything else,
 * or anything unusual (an encoded header, an unknown tool), returns undefined and goes the SDK's way.
 */
export class DirectToolCalls {
  private readonly answers: ToolCallAnswers;

  /** `seam` is lent by one server of the app's own factory (shared with the direct gets and reads). */
  constructor(
    private readonly rt: ServerRuntime,
    private readonly seam: InputRequiredSeam,
  ) {
    this.answers = new ToolCallAnswers(rt.info);
  }

  /** Serves `body` if it is a call this path takes; undefined otherwise. A plain result is left in `slot`. */
  serve(request: Request, body: unknown, slot: AnswerSlot, authInfo?: AuthInfo): Promise<Response> | undefined {
    const call = this.admit(request, body);
    // a handler this caller may not see, or one a predicate decides, is the SDK path's to answer
    return call && this.rt.visibility.seesAtOnce(call.plan, authInfo)
      ? this.run(call, request, slot, authInfo)
      : undefined;
  }

  private admit(request: Request, body: unknown): DirectCall | undefined {
    const screened = screenDirectRequest(request, body, 'tools/call');
    if (!screened) return undefined;
    const { params } = screened;
    if (!isJsonObject(params.arguments ?? {})) return undefined;
    const plan = this.rt.compiled.tools.get(screened.name);
    if (!plan || !answersForItself(plan)) return undefined;
    // what the SDK hands its handler is the schema's output, not the parsed body (a `__proto__` key is not kept)
    const sdkArguments = callToolArguments(params);
    if (!sdkArguments) return undefined;
    const { id, name, meta, retry } = screened;
    return { id, name, arguments: sdkArguments, meta, ...(retry && { retry }), plan };
  }

  private run(call: DirectCall, request: Request, slot: AnswerSlot, authInfo?: AuthInfo): Promise<Response> {
    return new Promise<Response>((respond, fail) => {
      let stream: EventStreamAnswer | undefined;
      // a message before the result turns the answer into an event stream, as on the SDK's path
      const notify = async (notification: Notification) => {
        if (!stream) {
          // its module required by the first call that sends one (a progress or log notification)
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          stream = new (require('./event-stream-answer') as typeof import('./event-stream-answer')).EventStreamAnswer();
          respond(stream.response);
        }
        stream.send({ jsonrpc: '2.0', ...notification } as JSONRPCMessage);
      };
      const { ctx, finish } = directCallContext({
        id: call.id,
        method: 'tools/call',
        meta: call.meta,
        ...(call.retry && { retry: call.retry }),
        request,
        authInfo,
        notify,
      });
      const site = {
        method: 'tools/call' as const,
        target: call.name,
        arguments: call.arguments,
        era: 'modern' as const,
      };
      // the outcome, whichever it is, in one turn: its answer written (a failure to write it is an error
      // answer), then sent (a failure to send it is the face's 500, as when the SDK throws)
      const settle = (outcome: unknown, failed: boolean) => {
        let answer: ToolCallAnswer;
        try {
          answer = failed ? { error: thrownAnswer(call.id, outcome) } : this.answerOf(call.id, outcome);
        } catch (error) {
          answer = { error: thrownAnswer(call.id, error) };
        }
        try {
          finish();
          if (stream) return stream.end('text' in answer ? answer.text : JSON.stringify(answer.error));
          if ('text' in answer) return respond(slot.takeText(answer.text));
          // an error answer: 200 like the SDK's, except a missing client capability (its ladder status)
          respond(
            Response.json(answer.error, {
              status: answer.error.error.code === JsonRpcCode.MissingRequiredClientCapability ? 400 : 200,
              headers: { 'Content-Type': 'application/json' },
            }),
          );
        } catch (error) {
          fail(error);
        }
      };
      this.seam
        .invoke('tools/call', ctx, (c) => serveCall(this.rt, call.plan, site, c, (v) => toCallToolResult(v, call.plan)))
        .then(
          (result) => settle(result, false),
          (error: unknown) => settle(error, true),
        );
    });
  }

  /**
   * A result's answer as the SDK's server writes it: an input-required one as its codec encodes it (the
   * usual one written directly), any other checked against the SDK's schema.
   */
  private answerOf(id: RequestId, result: unknown): ToolCallAnswer {
    if (!isInputRequiredResult(result)) return this.answers.answer(id, result as CallToolResult);
    return (
      this.answers.inputRequired(id, result) ?? {
        text: JSON.stringify({ result: this.seam.encode('tools/call', result), jsonrpc: '2.0', id }),
      }
    );
  }
}
