import { ProtocolError, type Server, type ServerContext } from '@modelcontextprotocol/server';
import type { CompleterPlan } from '../compiler/compiled-app';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { CompletionAnswer } from '../contracts/completion-context';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { maskInternalError } from '../errors/masked-internal-error';
import { TesseraError } from '../errors/tessera-error';
import { principalFromAuth } from '../pipeline/principal';
import type { ServerRuntime } from './server-runtime';

const MAX_COMPLETIONS = 100; // the protocol's cap per answer

interface CompleteParams {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
}

/**
 * `completion/complete` for prompt and template arguments: a `@Complete` method answers for its argument;
 * otherwise a closed set of values (@IsIn, @IsEnum) completes from it; others to nothing. A prompt or
 * template the caller does not see is unknown to it.
 */
export function registerCompletions(server: Server, rt: ServerRuntime): void {
  const { compiled } = rt;
  if (compiled.promptList.length === 0 && compiled.templateList.length === 0) return;
  server.setRequestHandler('completion/complete', async (req, sdk) => {
    const params = req.params as CompleteParams;
    const ref = params.ref;
    const key = ref.type === 'ref/prompt' ? `prompt:${ref.name}` : `template:${ref.uri}`;
    const byArgument = compiled.completions.get(key);
    const plan = byArgument && planOf(rt, ref);
    if (!byArgument || !plan || !(await rt.visibility.sees(plan, sdk.http?.authInfo))) {
      const what = ref.type === 'ref/prompt' ? `prompt: ${ref.name}` : `resource template: ${ref.uri}`;
      throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown ${what}`);
    }
    const completer = compiled.completers.get(key)?.get(params.argument.name);
    if (completer) return bounded(await runCompleter(rt, completer, params, sdk));
    return completeFrom(byArgument.get(params.argument.name) ?? [], params.argument.value);
  });
}

function planOf(rt: ServerRuntime, ref: CompleteParams['ref']): HandlerPlan | undefined {
  if (ref.type === 'ref/prompt') return rt.compiled.prompts.get(ref.name);
  return rt.compiled.templates.find(
    (t) => t.plan.meta.kind === 'resource-template' && t.plan.meta.uriTemplate === ref.uri,
  )?.plan;
}

/** Calls the method on an instance built as for a call (a child of the root container), and checks its answer. */
async function runCompleter(
  rt: ServerRuntime,
  completer: CompleterPlan,
  params: CompleteParams,
  sdk: ServerContext,
): Promise<CompletionAnswer> {
  const container = rt.root.createChildContainer();
  const authInfo = sdk.http?.authInfo;
  try {
    const instance = (rt.singletons.get(completer.providerClass as never) ??
      container.resolve(completer.providerClass as never)) as Record<string | symbol, (...args: unknown[]) => unknown>;
    const answer = await instance[completer.methodName]!(params.argument.value, {
      argument: params.argument.name,
      arguments: params.context?.arguments ?? {},
      principal: principalFromAuth(authInfo),
      authInfo,
      signal: sdk.mcpReq.signal,
    });
    return checkedAnswer(answer, completer);
  } catch (error) {
    throw completionError(rt, completer, error);
  } finally {
    await container.dispose();
  }
}

function checkedAnswer(answer: unknown, completer: CompleterPlan): CompletionAnswer {
  const values = Array.isArray(answer) ? answer : (answer as { values?: unknown } | null)?.values;
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string'))
    throw new TypeError(
      `${completer.where} returned ${typeof answer}; it must return string[] or { values: string[] }.`,
    );
  return answer as CompletionAnswer;
}

/** A protocol error passes as thrown; a Tessera error the user meant for the client keeps its message; the rest is masked. */
function completionError(rt: ServerRuntime, completer: CompleterPlan, error: unknown): ProtocolError {
  if (error instanceof ProtocolError || ProtocolError.isInstance(error)) return error as ProtocolError;
  if (TesseraError.isInstance(error)) return new ProtocolError(JsonRpcCode.InvalidParams, error.message);
  const message = maskInternalError(rt.logger, 'completion failed', {
    method: 'completion/complete',
    target: completer.where,
    error,
  });
  return new ProtocolError(JsonRpcCode.InternalError, message);
}

/** At most 100 values; `hasMore` and `total` kept when the method gave them, worked out when it did not. */
function bounded(answer: CompletionAnswer) {
  const values = Array.isArray(answer)
    ? (answer as readonly string[])
    : (answer as { values: readonly string[] }).values;
  const given = Array.isArray(answer) ? {} : (answer as { total?: number; hasMore?: boolean });
  const cut = values.length > MAX_COMPLETIONS;
  return {
    completion: {
      values: values.slice(0, MAX_COMPLETIONS),
      total: given.total ?? values.length,
      hasMore: (given.hasMore ?? false) || cut,
    },
  };
}

/** The options that start with what the user typed (case-insensitive), at most 100, with the full count. */
function completeFrom(options: readonly string[], typed: string) {
  const prefix = typed.toLowerCase();
  const matches = options.filter((o) => o.toLowerCase().startsWith(prefix));
  return {
    completion: {
      values: matches.slice(0, MAX_COMPLETIONS),
      total: matches.length,
      hasMore: matches.length > MAX_COMPLETIONS,
    },
  };
}
