import type { AuthInfo, ServerContext } from '@modelcontextprotocol/server';
import { boundPrincipal, principalFromAuthInfo } from '@tessera/request-state/framework';
import type { ExecutionContext } from '../contracts/execution-context';
import { RequestExecutionContext } from '../pipeline/request-execution-context';
import type { ServerRuntime } from '../server/server-runtime';
import type { StoredTask } from './stored-task';

/** The security policy's own principal rule (`RequestStateSecurity`'s `bindPrincipal`). */
export type PrincipalRule = (ctx: ExecutionContext) => string | null | undefined;

/** What a request about a task is, for the rule: the task's call, seen through this request. */
interface TaskCall {
  target: string;
  arguments: Record<string, unknown>;
  era: 'modern' | 'legacy';
}

/**
 * Who owns a task: the same principal binding as `requestState`'s, the verified auth (client id, issuer,
 * subject) plus the policy's `bindPrincipal` value when it has one ('' for no auth and no value). The rule
 * sees what it sees on a multi-round-trip leg: the context of the task's `tools/call` (tool, arguments), with
 * `sdk` the request at hand, the creating `tools/call` first and then each `tasks/get`, `tasks/update`,
 * `tasks/cancel` and `subscriptions/listen`, so a value it reads from a header must come with each of them.
 */
export class TaskOwnership {
  constructor(
    private readonly rt: ServerRuntime,
    private readonly rule: PrincipalRule | undefined,
  ) {}

  /** Whether the owner depends on more than the verified auth (then a request's owner depends on the task). */
  get hasRule(): boolean {
    return this.rule !== undefined;
  }

  /** The owner from verified auth alone: every owner when there is no rule. Unusable auth info throws. */
  ofAuth(authInfo: AuthInfo | undefined): string {
    return principalFromAuthInfo(authInfo) ?? '';
  }

  /** The owner of `call` made through `sdk`; the rule's own error (or a non-string value) is thrown. */
  of(call: TaskCall, sdk: ServerContext): string {
    const verified = principalFromAuthInfo(sdk.http?.authInfo);
    if (this.rule === undefined) return verified ?? '';
    const plan = this.rt.compiled.tools.get(call.target);
    if (plan === undefined) throw new Error(`no tool "${call.target}" to bind the task's owner with`);
    const ctx = new RequestExecutionContext({
      method: 'tools/call',
      handler: plan.ref,
      target: call.target,
      arguments: call.arguments,
      era: call.era,
      sdk,
      root: this.rt.root,
      singletons: this.rt.singletons,
      logger: this.rt.logger,
    });
    return boundPrincipal(verified, this.rule(ctx)) ?? '';
  }

  /**
   * Whether the request `sdk` comes from the owner of `task`. A rule that fails says no (the caller then
   * answers as for an unknown task), logged as a refusal without the task's contents.
   */
  owns(task: StoredTask, sdk: ServerContext): boolean {
    try {
      return this.of({ target: task.target, arguments: task.arguments, era: 'modern' }, sdk) === task.owner;
    } catch (error) {
      this.rt.logger.warn('task owner rule failed: the request is answered as for an unknown task', {
        method: sdk.mcpReq.method,
        target: task.target,
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      return false;
    }
  }
}
