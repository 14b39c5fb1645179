import { ProtocolError, type InputRequest, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import { ElicitationDeclinedError } from '../errors/runtime/elicitation-declined.error';
import { MissingCapabilityError } from '../errors/runtime/missing-capability.error';
import type { ExecutionContext } from '../contracts/execution-context';
import type { DependencyResolution } from '../pipeline/resolve-params';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import type { DependencyPlan } from './dependency-plan';
import { pushQuestion } from './push-question';
import { readAnswer } from './read-answer';
import { withRefusalReason } from './refusal-reason';
import { renderQuestion } from './render-question';
import { missingCapability } from './required-capabilities';
import { readResolverState, type ResolverState } from './resolver-state';

/**
 * Fills a handler's dependency parameters. On 2026-07-28 it works in rounds: every answer already
 * given (this round's `inputResponses`, earlier rounds' answers from the sealed state) is checked
 * against its question; every question still missing and ready (its `after` answered) goes into ONE
 * `InputRequiredResult`. On a 2025-era connection it asks with push requests instead.
 */
export const resolveDependencies: DependencyResolution = async (plan, ctx) => {
  const answers: Record<string, unknown> = Object.create(null);
  const values = new Map<number, unknown>();
  const input = { args: ctx.arguments as Record<string, unknown>, answers };
  if (ctx.era === 'legacy') {
    await resolveByPush(plan, ctx, input, answers, values);
    return { kind: 'ready', values };
  }

  const responses = readResponses(ctx.inputResponses);
  const previous = readResolverState(ctx.resolverProgress.incoming);
  const next: ResolverState = { v: 1, outcomes: {}, asked: {} };
  const missing: Record<string, InputRequest> = {};
  const settled = new Set<string>();
  let progressed = true;
  // Visit in waves: a question is rendered only once everything it waits for is answered.
  while (progressed) {
    progressed = false;
    for (const dep of plan.dependencies) {
      if (settled.has(dep.key) || !dep.after.every((k) => k in answers)) continue;
      assertNotBlocked(dep, plan, answers);
      settled.add(dep.key);
      progressed = true;
      const question = renderQuestion(dep, input);
      const recorded = previous.outcomes[dep.key];
      if (recorded && recorded.q === question.digest) {
        const again = readAnswer(dep, recorded.action === 'result' ? recorded.data : { action: recorded.action, content: recorded.data });
        if (again.ok) {
          settle(dep, again.value, answers, values);
          next.outcomes[dep.key] = recorded;
          continue;
        }
      }
      const response = responses[dep.key];
      let refused: string | undefined;
      if (response !== undefined && previous.asked[dep.key] === question.digest) {
        const answer = readAnswer(dep, response);
        if (answer.ok) {
          settle(dep, answer.value, answers, values);
          next.outcomes[dep.key] = { q: question.digest, action: answer.action, data: answer.data };
          continue;
        }
        refused = answer.reason;
        ctx.logger.info('answer did not match its question; asking again', { target: ctx.target, question: dep.key, reason: answer.reason });
      }
      missing[dep.key] = refused === undefined ? question.request : withRefusalReason(question.request, refused);
      next.asked[dep.key] = question.digest;
    }
  }

  if (Object.keys(missing).length > 0) {
    assertCapabilities(missing, ctx);
    // the request-state stage seals this progress into the outgoing requestState
    ctx.resolverProgress.outgoing = next;
    return { kind: 'ask', result: { resultType: 'input_required', inputRequests: missing } as InputRequiredResult };
  }
  for (const dep of plan.dependencies) {
    if (dep.inject === 'value') unwrapValue(dep, values);
  }
  return { kind: 'ready', values };
};

/**
 * Records an answer. A declined or cancelled question ends the call at once when its parameter needs a
 * value; in outcome mode it is recorded, and `blockedBy` stops any question that waits for it from being
 * built (it would be built from an answer the user never gave).
 */
function settle(dep: DependencyPlan, value: unknown, answers: Record<string, unknown>, values: Map<number, unknown>): void {
  const outcome = value as { action?: 'accept' | 'decline' | 'cancel'; content?: unknown };
  if (dep.spec.type === 'elicit' && outcome.action !== 'accept') {
    if (dep.inject === 'value') throw new ElicitationDeclinedError(dep.key, outcome.action as 'decline' | 'cancel');
    answers[dep.key] = value;
    values.set(dep.index, value);
    return;
  }
  answers[dep.key] = dep.spec.type === 'elicit' && dep.spec.mode === 'form' ? outcome.content : value;
  values.set(dep.index, value);
}

/** A question waiting for one the user declined cannot be asked: the call ends, naming the declined one. */
function assertNotBlocked(dep: DependencyPlan, plan: HandlerPlan, answers: Record<string, unknown>): void {
  for (const key of dep.after) {
    const upstream = plan.dependencies.find((d) => d.key === key);
    const outcome = answers[key] as { action?: string } | undefined;
    if (upstream?.spec.type === 'elicit' && (outcome?.action === 'decline' || outcome?.action === 'cancel') && !(upstream.spec.mode === 'form' && upstream.inject === 'value')) {
      throw new ElicitationDeclinedError(key, outcome.action, dep.key);
    }
  }
}

/** Value mode: the parameter gets the content itself, and a decline or cancel ends the call visibly. */
function unwrapValue(dep: DependencyPlan, values: Map<number, unknown>): void {
  if (dep.spec.type !== 'elicit') return;
  const outcome = values.get(dep.index) as { action: 'accept' | 'decline' | 'cancel'; content?: unknown };
  if (outcome.action !== 'accept') throw new ElicitationDeclinedError(dep.key, outcome.action);
  values.set(dep.index, outcome.content);
}

function readResponses(raw: unknown): Record<string, unknown> {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ProtocolError(JsonRpcCode.InvalidParams, 'inputResponses must be an object keyed like the inputRequests it answers.');
  }
  return raw as Record<string, unknown>;
}

function assertCapabilities(missing: Record<string, InputRequest>, ctx: ExecutionContext): void {
  for (const [key, request] of Object.entries(missing)) {
    const required = missingCapability(request, ctx.clientCapabilities);
    if (required) {
      throw new MissingCapabilityError(
        `"${ctx.target}" needs to ask the client (${request.method}, question "${key}"), but this request does not declare the capability: ${JSON.stringify(required)}.`,
        required,
      );
    }
  }
}

/** 2025 era: the old push requests, in waves of independent questions, each wave asked concurrently. */
async function resolveByPush(
  plan: HandlerPlan,
  ctx: ExecutionContext,
  input: { args: Record<string, unknown>; answers: Record<string, unknown> },
  answers: Record<string, unknown>,
  values: Map<number, unknown>,
): Promise<void> {
  const settled = new Set<string>();
  while (settled.size < plan.dependencies.length) {
    const wave = plan.dependencies.filter((d) => !settled.has(d.key) && d.after.every((k) => k in answers));
    for (const dep of wave) assertNotBlocked(dep, plan, answers);
    const rendered = wave.map((dep) => ({ dep, question: renderQuestion(dep, input) }));
    for (const { dep, question } of rendered) {
      if (ctx.clientCapabilities === undefined) {
        throw new MissingCapabilityError(
          `"${ctx.target}" needs to ask the client (${question.request.method}, question "${dep.key}"), but this 2025-era connection is stateless HTTP and ` +
            'cannot carry server-to-client requests. Connect with protocol 2026-07-28, over stdio, or a sessionful connection.',
          missingCapability(question.request, undefined) ?? {},
        );
      }
      const required = missingCapability(question.request, ctx.clientCapabilities);
      if (required) throw new MissingCapabilityError(`"${ctx.target}" needs the client capability ${JSON.stringify(required)} to ask "${dep.key}".`, required);
    }
    const results = await Promise.all(rendered.map(({ dep, question }) => pushQuestion(ctx, dep, question.request, input)));
    rendered.forEach(({ dep }, i) => {
      settled.add(dep.key);
      settle(dep, results[i], answers, values);
    });
  }
  for (const dep of plan.dependencies) if (dep.inject === 'value') unwrapValue(dep, values);
}
