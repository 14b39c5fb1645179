import type { ClientCapabilities, InputRequest, ServerContext } from '@modelcontextprotocol/server';
import type { DependencyPlan } from './dependency-plan';
import type { DependencySpec, QuestionInput } from './dependency-spec';
import type { ReadAnswer } from './checked-answer';

/**
 * Everything that differs between the kinds of question a dependency parameter can ask (form and URL
 * elicitation, sampling, roots). The resolver is written against this contract only; each kind is one
 * module in `kinds/`, registered in `question-kinds.ts`.
 */
export interface QuestionKind<S extends DependencySpec = DependencySpec> {
  readonly kind: S['kind'];
  /**
   * A question for people: it can be declined or cancelled (the outcome is what outcome-mode parameters and
   * later questions see), and a refused answer is asked again with the reason in its message.
   */
  readonly elicitation: boolean;
  /** Definition time: what the plan needs beyond key and position (schema, DTO, injection mode); throws on misuse. */
  compile(plan: DependencyPlan, spec: S, paramType: unknown, where: string): void;
  /**
   * Whether `render` gives the same request on every call (no part computed per call, every object in it
   * frozen all the way down): its digest is then computed once, on first use.
   */
  fixed(plan: DependencyPlan, spec: S): boolean;
  /** The input request as it goes on the wire (2026-07-28), from the arguments and earlier answers. */
  render(plan: DependencyPlan, spec: S, input: QuestionInput): InputRequest;
  /** Checks an untrusted answer (already known to be an object) against its question. */
  read(plan: DependencyPlan, response: Record<string, unknown>): ReadAnswer;
  /** The capability the request needs that `caps` lacks, or `undefined` when the client declared it. */
  missingCapability(request: InputRequest, caps: ClientCapabilities): ClientCapabilities | undefined;
  /** Asks on a 2025-era connection with the old push request; resolves to the client's raw answer. */
  push(
    mcpReq: ServerContext['mcpReq'],
    request: InputRequest,
    plan: DependencyPlan,
    spec: S,
    input: QuestionInput,
  ): Promise<unknown>;
}
