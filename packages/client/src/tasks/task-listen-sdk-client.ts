import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type JSONRPCNotification,
  type McpSubscription,
  type MessageExtraInfo,
  type RequestOptions,
  type SubscriptionFilter,
} from '@modelcontextprotocol/client';
import { TaskAwareSdkClient } from './task-handoff';
import { withTasksCapability } from './task-requests';

/**
 * The SDK client, able to open a `subscriptions/listen` stream for tasks. The SDK's `listen` sends the filter
 * as given but builds the request's `_meta` from the client's own capabilities, and the Tasks extension asks
 * every request that uses it to declare it: the envelope is widened for that one request. The SDK also reads
 * the acknowledgement through its own filter schema, which knows no `taskIds`, so the task ids a server
 * agreed to report are noted here from the raw acknowledgement.
 */
export class TaskListenSdkClient extends TaskAwareSdkClient {
  private declaringTasks = false;
  /** Task id -> how many acknowledgements named it and were not yet claimed. */
  private readonly acknowledged = new Map<string, number>();

  /**
   * Opens a listen stream for `notifications/tasks` of one task. Resolves once the server acknowledges, with
   * whether it agreed to report that task (a server that does not serve task notifications acknowledges
   * without it); rejects as `listen` does (no acknowledgement, a refusal, a 2025-era connection).
   */
  async listenForTask(
    taskId: string,
    options: RequestOptions,
  ): Promise<{ subscription: McpSubscription; honoured: boolean }> {
    let opening: Promise<McpSubscription>;
    // `listen` builds and sends its request before its first await: the envelope is widened for it alone.
    this.declaringTasks = true;
    try {
      opening = this.listen({ taskIds: [taskId] } as SubscriptionFilter, options);
    } finally {
      this.declaringTasks = false;
    }
    const subscription = await opening;
    return { subscription, honoured: this.claimAcknowledgement(taskId) };
  }

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (!this.declaringTasks || envelope === undefined) return envelope;
    const capabilities = (envelope[CLIENT_CAPABILITIES_META_KEY] ?? {}) as ClientCapabilities;
    return { ...envelope, [CLIENT_CAPABILITIES_META_KEY]: withTasksCapability(capabilities) };
  }

  protected override _onnotification(raw: JSONRPCNotification, extra?: MessageExtraInfo): void {
    if (raw.method === 'notifications/subscriptions/acknowledged') {
      const notifications = (raw.params as { notifications?: { taskIds?: unknown } } | undefined)?.notifications;
      const taskIds = notifications?.taskIds;
      if (Array.isArray(taskIds))
        for (const taskId of taskIds)
          if (typeof taskId === 'string') this.acknowledged.set(taskId, (this.acknowledged.get(taskId) ?? 0) + 1);
    }
    super._onnotification(raw, extra);
  }

  private claimAcknowledgement(taskId: string): boolean {
    const count = this.acknowledged.get(taskId) ?? 0;
    if (count <= 1) this.acknowledged.delete(taskId);
    else this.acknowledged.set(taskId, count - 1);
    return count > 0;
  }
}
