import {
  isInputRequiredResult,
  ProtocolError,
  type ClientCapabilities,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { maskInternalError } from '../errors/masked-internal-error';
import { serveCall, type CallSite } from '../call-adapter/serve-call';
import { mapError } from '../call-adapter/error-mapping';
import { validatedArguments } from '../pipeline/params/args.resolver';
import { readIdempotencyKey } from '../pipeline/idempotency-key';
import type { ServerRuntime } from '../server/server-runtime';
import type { TaskRuntime } from './task-runtime';
import { reachTaskStore } from './task-store-outage';
import { createTaskResult } from './task-wire';
import { declaresTasks, tasksCapabilityMissing } from './tasks-extension';

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const PROTOCOL_KEY = 'io.modelcontextprotocol/protocolVersion';

/**
 * A `tools/call` of a task tool. A 2026-07-28 client that declares the Tasks extension on this request gets
 * a task at once (`CreateTaskResult`); its questions and its method run in the task's steps. A direct-form
 * tool answers its own input-required rounds as usual (multi-round-trip before any task exists, as the
 * extension asks) and its result is delivered as a task. Any other client runs the tool inline (`optional`)
 * or is refused with -32021 naming the extension (`required`).
 */
export async function serveTaskCall<R>(
  rt: ServerRuntime,
  tasks: TaskRuntime,
  plan: HandlerPlan,
  site: CallSite,
  sdk: ServerContext,
  finish: (value: unknown) => R,
  server: Server,
): Promise<unknown> {
  const support = plan.meta.kind === 'tool' ? plan.meta.task : undefined;
  const envelope = (sdk.mcpReq.envelope ?? {}) as Record<string, unknown>;
  const capabilities =
    site.era === 'modern'
      ? (envelope[CAPABILITIES_KEY] as ClientCapabilities | undefined)
      : server.getClientCapabilities();
  if (site.era !== 'modern' || !declaresTasks(capabilities)) {
    if (support === 'required') {
      const missing = tasksCapabilityMissing(`Tool "${site.target}" runs only as a task; it`);
      throw new ProtocolError(JsonRpcCode.MissingRequiredClientCapability, missing.message, missing.data);
    }
    return serveCall(rt, plan, site, sdk, finish);
  }
  // a malformed key is -32602 naming the field, as on a plain call
  const idempotencyKey = readIdempotencyKey({ method: 'tools/call', target: site.target, sdk });
  const origin = {
    plan,
    idempotencyKey,
    owner: ownerOf(rt, tasks, site, sdk),
    target: site.target,
    arguments: site.arguments,
    authInfo: sdk.http?.authInfo,
    capabilities: capabilities ?? {},
    protocolVersion: envelope[PROTOCOL_KEY] as string | undefined,
    clientInfo: envelope[CLIENT_INFO_KEY] as never,
  };
  const surface = { method: 'tools/call', target: site.target };
  if (plan.directForm) {
    const round = await serveCall(rt, plan, site, sdk, finish);
    if (isInputRequiredResult(round)) return round;
    const done = () => tasks.createCompleted(origin, round as Record<string, unknown>);
    return createTaskResult(await reachTaskStore(rt.logger, surface, done));
  }
  // arguments a step would refuse are refused now, as a plain call's are, so a refused call stores nothing
  const refused = await argumentsRefusal(rt, plan, site);
  if (refused !== undefined) return finish(refused);
  return createTaskResult(await reachTaskStore(rt.logger, surface, () => tasks.create(origin)));
}

/** The tool's answer to arguments that fail its input schema or arguments DTO, or undefined when they pass. */
async function argumentsRefusal(rt: ServerRuntime, plan: HandlerPlan, site: CallSite): Promise<unknown> {
  try {
    plan.inputSchema?.check(site.arguments);
    await validatedArguments(plan, site.arguments);
    return undefined;
  } catch (error) {
    return mapError(error, { method: 'tools/call', target: site.target, logger: rt.logger });
  }
}

/** The new task's owner; a principal rule that fails is the server's error (-32603, logged), as when sealing. */
function ownerOf(rt: ServerRuntime, tasks: TaskRuntime, site: CallSite, sdk: ServerContext): string {
  try {
    return tasks.ownership.of(site, sdk);
  } catch (error) {
    throw new ProtocolError(
      JsonRpcCode.InternalError,
      maskInternalError(rt.logger, 'binding the task to its caller failed', {
        method: 'tools/call',
        target: site.target,
        error,
      }),
    );
  }
}
