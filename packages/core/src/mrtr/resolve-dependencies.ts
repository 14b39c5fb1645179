import { ProtocolError, type InputRequest, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import { MissingCapabilityError } from '../errors/runtime/missing-capability.error';
import type { ExecutionContext } from '../contracts/execution-context';
import type { DependencyOutcome, DependencyResolution } from '../pipeline/resolve-params';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { pushQuestion } from './push-question';
import { readAnswer } from './read-answer';
import { withRefusalReason } from './refusal-reason';
import { questionKindOf } from './question-kinds';
import { renderQuestion } from './render-question';
import { withAppView } from '../mcp-apps/app-rendered-question';
import { emptyResolverState, readResolverState, type ResolverState } from './resolver-state';
import { SettledAnswers } from './settled-answers';

/**
 * Fills a handler's dependency parameters. On 2026-07-28 it works in rounds: every answer already
 * given (this round's `inputResponses`, earlier rounds' answers from the sealed state) is checked
 * against its question; every question still missing and ready (its `after` answered) goes into ONE
 * `InputRequiredResult`. On a 2025-era connection it asks with push requests instead.
 */
export const resolveDependencies: DependencyResolution = (plan, ctx) => {
  const settled = new SettledAnswers(ctx.arguments as Record<string, unknown>);
  if (ctx.era === 'legacy') return resolveLegacy(plan, ctx, settled);

  const responses = readResponses(ctx.inputResponses);
  const previous = readResolverState(ctx.resolverProgress.incoming);
  const next: ResolverState = emptyResolverState();
  const missing: Record<string, InputRequest> = Object.create(null);
  let asking = false;
  // by position in the plan: a flag per question, not a set of keys per call
  const { dependencies } = plan;
  const visited: boolean[] = [];
  let progressed = true;
  // Visit in waves: a question is rendered only once everything it waits for is settled.
  while (progressed) {
    progressed = false;
    for (let i = 0; i < dependencies.length; i++) {
      const dep = dependencies[i]!;
      if (visited[i] === true || !settled.isReady(dep)) continue;
      visited[i] = true;
      progressed = true;
      if (settled.skipUnlessWanted(dep)) continue;
      const question = renderQuestion(dep, settled.input);
      const recorded = previous.outcomes[dep.key];
      if (recorded && recorded.q === question.digest) {
        const again = readAnswer(
          dep,
          recorded.action === 'result' ? recorded.data : { action: recorded.action, content: recorded.data },
        );
        if (again.ok) {
          settled.settle(dep, again.value);
          next.outcomes[dep.key] = recorded;
          continue;
        }
      }
      // the client's JSON: only its own keys are answers (a key may be named like an Object.prototype member)
      const response = Object.hasOwn(responses, dep.key) ? responses[dep.key] : undefined;
      const asked = previous.asked[dep.key];
      let refused: string | undefined;
      // An answer counts against the question as rendered now: one this flow asked, or one sent before it was
      // asked (the client knew the question; it is checked all the same). Another version of it is asked again.
      if (response !== undefined && (asked === undefined || asked === question.digest)) {
        const answer = readAnswer(dep, response);
        if (answer.ok) {
          settled.settle(dep, answer.value);
          next.outcomes[dep.key] = { q: question.digest, action: answer.action, data: answer.data };
          continue;
        }
        refused = answer.reason;
        ctx.logger.info('answer did not match its question; asking again', {
          target: ctx.target,
          question: dep.key,
          reason: answer.reason,
        });
      }
      missing[dep.key] =
        refused === undefined || !questionKindOf(dep.spec).elicitation
          ? question.request
          : withRefusalReason(question.request, refused);
      next.asked[dep.key] = question.digest;
      asking = true;
    }
  }

  if (asking) {
    assertCapabilities(plan, missing, ctx);
    for (const dep of plan.dependencies)
      if (dep.spec.kind === 'form-elicitation' && dep.spec.app !== undefined && missing[dep.key] !== undefined)
        missing[dep.key] = withAppView(dep, missing[dep.key]!, ctx.clientCapabilities);
    // the request-state stage seals this progress into the outgoing requestState
    ctx.resolverProgress.outgoing = next;
    return { kind: 'ask', result: { resultType: 'input_required', inputRequests: missing } as InputRequiredResult };
  }
  return { kind: 'ready', values: settled.unwrapValues(plan.dependencies) };
};

function readResponses(raw: unknown): Record<string, unknown> {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ProtocolError(
      JsonRpcCode.InvalidParams,
      'inputResponses must be an object keyed like the inputRequests it answers.',
    );
  }
  return raw as Record<string, unknown>;
}

function assertCapabilities(plan: HandlerPlan, missing: Record<string, InputRequest>, ctx: ExecutionContext): void {
  for (const dep of plan.dependencies) {
    const request = missing[dep.key];
    if (request === undefined) continue;
    const key = dep.key;
    const required = questionKindOf(dep.spec).missingCapability(request, ctx.clientCapabilities ?? {});
    if (required) {
      throw new MissingCapabilityError(
        `"${ctx.target}" needs to ask the client (${request.method}, question "${key}"), but this request does not declare the capability: ${JSON.stringify(required)}.`,
        required,
      );
    }
  }
}

async function resolveLegacy(
  plan: HandlerPlan,
  ctx: ExecutionContext,
  settled: SettledAnswers,
): Promise<DependencyOutcome> {
  await resolveByPush(plan, ctx, settled);
  return { kind: 'ready', values: settled.unwrapValues(plan.dependencies) };
}

/** 2025 era: the old push requests, in waves of independent questions, each wave asked concurrently. */
async function resolveByPush(plan: HandlerPlan, ctx: ExecutionContext, settled: SettledAnswers): Promise<void> {
  const visited = new Set<string>();
  while (visited.size < plan.dependencies.length) {
    const ready = plan.dependencies.filter((d) => !visited.has(d.key) && settled.isReady(d));
    for (const dep of ready) visited.add(dep.key);
    const wave = ready.filter((dep) => !settled.skipUnlessWanted(dep));
    const rendered = wave.map((dep) => ({ dep, question: renderQuestion(dep, settled.input) }));
    for (const { dep, question } of rendered) {
      if (ctx.clientCapabilities === undefined) {
        throw new MissingCapabilityError(
          `"${ctx.target}" needs to ask the client (${question.request.method}, question "${dep.key}"), but this 2025-era connection is stateless HTTP and ` +
            'cannot carry server-to-client requests. Connect with protocol 2026-07-28, over stdio, or a sessionful connection ' +
            '(the server opens sessions to 2025 HTTP clients with createApp(module, { legacySessions: true })).',
          questionKindOf(dep.spec).missingCapability(question.request, {}) ?? {},
        );
      }
      const required = questionKindOf(dep.spec).missingCapability(question.request, ctx.clientCapabilities);
      if (required)
        throw new MissingCapabilityError(
          `"${ctx.target}" needs the client capability ${JSON.stringify(required)} to ask "${dep.key}".`,
          required,
        );
    }
    const input = settled.input;
    const results = await Promise.all(
      rendered.map(({ dep, question }) =>
        pushQuestion(ctx, dep, withAppView(dep, question.request, ctx.clientCapabilities), input),
      ),
    );
    rendered.forEach(({ dep }, i) => settled.settle(dep, results[i]));
  }
}
