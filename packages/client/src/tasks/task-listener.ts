import {
  CLIENT_CAPABILITIES_META_KEY,
  type Client as SdkClient,
  type ClientCapabilities,
  type JSONRPCMessage,
  type McpSubscription,
  type RequestOptions,
  type SubscriptionFilter,
} from '@modelcontextprotocol/client';
import { withTasksCapability } from './task-requests';

interface ListenRequest {
  method: 'subscriptions/listen';
  params: { _meta?: Record<string, unknown>; notifications?: { taskIds?: unknown } };
}

/**
 * `subscriptions/listen` streams for tasks, on the SDK client's `listen`. The SDK sends the filter as given but
 * builds the request's `_meta` from the client's own capabilities, and the Tasks extension asks every request
 * that uses it to declare it: a listen request naming task ids has its envelope widened on its way to the
 * transport (`outbound`). The SDK also reads the acknowledgement through its own filter schema, which knows no
 * `taskIds`, so the task ids a server agreed to report are noted from the raw acknowledgement (`inbound`).
 * Both are fed by the client's transport tap.
 */
export class TaskListener {
  /** Task id -> how many acknowledgements named it and were not yet claimed. */
  private readonly acknowledged = new Map<string, number>();

  constructor(readonly sdk: SdkClient) {}

  /**
   * Opens a listen stream for `notifications/tasks` of one task. Resolves once the server acknowledges, with
   * whether it agreed to report that task (a server that does not serve task notifications acknowledges
   * without it); rejects as `listen` does (no acknowledgement, a refusal, a 2025-era connection).
   */
  async listenForTask(
    taskId: string,
    options: RequestOptions,
  ): Promise<{ subscription: McpSubscription; honoured: boolean }> {
    const subscription = await this.sdk.listen({ taskIds: [taskId] } as SubscriptionFilter, options);
    return { subscription, honoured: this.claimAcknowledgement(taskId) };
  }

  /** A listen request naming task ids, declaring the Tasks extension; any other message as it came. */
  outbound(message: JSONRPCMessage): JSONRPCMessage {
    if (!isTaskListenRequest(message)) return message;
    const meta = message.params._meta ?? {};
    const capabilities = (meta[CLIENT_CAPABILITIES_META_KEY] ?? {}) as ClientCapabilities;
    const widened = { ...meta, [CLIENT_CAPABILITIES_META_KEY]: withTasksCapability(capabilities) };
    return { ...message, params: { ...message.params, _meta: widened } } as JSONRPCMessage;
  }

  /** Notes the task ids an acknowledgement names; returns the message unchanged. */
  inbound(message: JSONRPCMessage): JSONRPCMessage {
    if ((message as { method?: unknown }).method !== 'notifications/subscriptions/acknowledged') return message;
    const params = (message as { params?: { notifications?: { taskIds?: unknown } } }).params;
    const taskIds = params?.notifications?.taskIds;
    if (Array.isArray(taskIds))
      for (const taskId of taskIds)
        if (typeof taskId === 'string') this.acknowledged.set(taskId, (this.acknowledged.get(taskId) ?? 0) + 1);
    return message;
  }

  private claimAcknowledgement(taskId: string): boolean {
    const count = this.acknowledged.get(taskId) ?? 0;
    if (count <= 1) this.acknowledged.delete(taskId);
    else this.acknowledged.set(taskId, count - 1);
    return count > 0;
  }
}

function isTaskListenRequest(message: JSONRPCMessage): message is JSONRPCMessage & ListenRequest {
  const { method, params } = message as Partial<ListenRequest>;
  return method === 'subscriptions/listen' && Array.isArray(params?.notifications?.taskIds);
}
