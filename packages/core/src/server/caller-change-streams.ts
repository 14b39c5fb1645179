import {
  SERVER_INFO_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
  type AuthInfo,
  type ServerEvent,
} from '@modelcontextprotocol/server';
import { openSubscriptionStream, type SubscriptionStream } from '../encoding/subscription-stream';
import { principalFromAuthInfo } from '@tessera/request-state/framework';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { checkListenRequest } from '../http-headers/listen-request-check';
import { OpenPerCaller } from '../limits/open-per-caller';
import { isJsonObject } from '../types/json-object';
import { serverCapabilities } from './server-capabilities';
import type { ServerRuntime } from './server-runtime';
import { jsonRpcErrorResponse } from '../encoding/json-rpc-error-response';

/** The SDK's own listen router refuses a stream past this many; these streams are bounded alike. */
const MAX_STREAMS = 1024;
/** And per caller (the verified principal), as task streams are by default: one caller cannot take them all. */
export const MAX_CHANGE_STREAMS_PER_CALLER = 16;

type ListKind = 'tools' | 'prompts' | 'resources';

/** What a stream asked for, narrowed to what the app declares (as the SDK's router narrows it). */
interface Honored {
  toolsListChanged?: true;
  promptsListChanged?: true;
  resourcesListChanged?: true;
  resourceSubscriptions?: string[];
}

const LIST_EVENTS: Record<string, { kind: ListKind; method: string; flag: keyof Honored }> = {
  tools_list_changed: { kind: 'tools', method: 'notifications/tools/list_changed', flag: 'toolsListChanged' },
  prompts_list_changed: { kind: 'prompts', method: 'notifications/prompts/list_changed', flag: 'promptsListChanged' },
  resources_list_changed: {
    kind: 'resources',
    method: 'notifications/resources/list_changed',
    flag: 'resourcesListChanged',
  },
};

/**
 * `subscriptions/listen` change streams, each filtered by what its caller sees, for an app whose callers may
 * see different surfaces (scopes that hide, `visible` predicates). The SDK's listen router sends every change to
 * every stream; here a stream hears a `list_changed` only when its caller's own list changed, and
 * `notifications/resources/updated` only for a resource its caller can read. A subscription to a URI the caller
 * cannot see is acknowledged as one to a URI nobody serves: nothing in the answer tells them apart. An app whose
 * callers all see the same surface leaves its streams to the SDK's router.
 */
export class CallerChangeStreams {
  private readonly open = new Set<(graceful: boolean) => void>();
  private readonly perCaller = new OpenPerCaller();

  constructor(private readonly rt: ServerRuntime) {}

  /** The answer to `body` if it is a change stream this class serves; undefined to leave it to the SDK. */
  serve(body: unknown, request: Request, authInfo: AuthInfo | undefined): Response | undefined {
    if (this.rt.events === undefined || !this.rt.visibility.variesByCaller) return undefined;
    if (!isJsonObject(body) || body.method !== 'subscriptions/listen') return undefined;
    const id = body.id;
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    const params = isJsonObject(body.params) ? body.params : {};
    const filter = isJsonObject(params.notifications) ? params.notifications : undefined;
    // task streams are served beside this; anything malformed gets the SDK's own refusal
    if (filter === undefined || filter.taskIds !== undefined) return undefined;
    const checked = checkListenRequest(request, body);
    if (checked === 'leave') return undefined;
    if (checked !== 'serve') return checked;
    const honored = this.honored(filter);
    if (honored === undefined) return undefined;
    if (this.open.size >= MAX_STREAMS)
      return jsonRpcErrorResponse(id, JsonRpcCode.InternalError, 'Subscription limit reached');
    const caller = principalFromAuthInfo(authInfo) ?? '';
    if (this.perCaller.of(caller) >= MAX_CHANGE_STREAMS_PER_CALLER)
      return jsonRpcErrorResponse(
        id,
        JsonRpcCode.LimitExceeded,
        `subscriptions/listen: this caller has ${MAX_CHANGE_STREAMS_PER_CALLER} change streams open; close one first.`,
        { data: { reason: 'listen_cap', limit: MAX_CHANGE_STREAMS_PER_CALLER }, status: 429 },
      );
    return this.stream(id, honored, authInfo, caller, request.signal);
  }

  /** Ends every open stream with the listen request's final response. */
  closeAll(): void {
    for (const teardown of [...this.open]) teardown(true);
  }

  private honored(filter: Record<string, unknown>): Honored | undefined {
    const caps = serverCapabilities(this.rt);
    const flags = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const;
    if (flags.some((flag) => filter[flag] !== undefined && typeof filter[flag] !== 'boolean')) return undefined;
    const uris = filter.resourceSubscriptions;
    if (uris !== undefined && !(Array.isArray(uris) && uris.every((u) => typeof u === 'string'))) return undefined;
    const honored: Honored = {};
    if (filter.toolsListChanged === true && caps.tools?.listChanged) honored.toolsListChanged = true;
    if (filter.promptsListChanged === true && caps.prompts?.listChanged) honored.promptsListChanged = true;
    if (filter.resourcesListChanged === true && caps.resources?.listChanged) honored.resourcesListChanged = true;
    if (uris !== undefined && uris.length > 0 && caps.resources?.subscribe)
      honored.resourceSubscriptions = [...(uris as string[])];
    return honored;
  }

  /** The caller's list of one kind, as names joined: what "its view changed" compares. */
  private async viewOf(kind: ListKind, authInfo: AuthInfo | undefined): Promise<string> {
    const v = this.rt.visibility;
    if (kind === 'tools') return (await v.tools(authInfo)).map((t) => t.name).join('\n');
    if (kind === 'prompts') return (await v.prompts(authInfo)).map((p) => p.name).join('\n');
    const [resources, templates] = await Promise.all([v.resources(authInfo), v.templates(authInfo)]);
    return [...resources.map((r) => r.uri), ...templates.map((t) => t.uriTemplate)].join('\n');
  }

  private stream(
    id: string | number,
    honored: Honored,
    authInfo: AuthInfo | undefined,
    caller: string,
    signal: AbortSignal,
  ): Response {
    const stamp = { [SUBSCRIPTION_ID_META_KEY]: id };
    const views = new Map<ListKind, string>();
    let unsubscribe: (() => void) | undefined;
    // the caller's views at open, then one event after another: a view is compared with the one before it
    let heard: Promise<void> = Promise.resolve();
    const hear = async (stream: SubscriptionStream, event: ServerEvent): Promise<void> => {
      if (event.kind === 'resource_updated') {
        if (!honored.resourceSubscriptions?.includes(event.uri)) return;
        // a resource the caller cannot read is one it never hears of
        if ((await this.rt.visibility.findResource(event.uri, authInfo)) === undefined) return;
        stream.send({
          method: 'notifications/resources/updated',
          params: { ...event.params, uri: event.uri, _meta: stamp },
        });
        return;
      }
      const list = LIST_EVENTS[event.kind]!;
      if (honored[list.flag] !== true) return;
      const now = await this.viewOf(list.kind, authInfo);
      if (views.get(list.kind) === now) return; // changed for others only: nothing this caller may learn
      views.set(list.kind, now);
      stream.send({ method: list.method, params: { ...event.params, _meta: stamp } });
    };
    return openSubscriptionStream({
      id,
      signal,
      completeMeta: { ...stamp, [SERVER_INFO_META_KEY]: this.rt.info },
      onOpen: (stream) => {
        stream.send({
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: honored, _meta: stamp },
        });
        if (Object.keys(honored).length === 0) return stream.end(true);
        const kinds = Object.values(LIST_EVENTS).filter((l) => honored[l.flag] === true);
        heard = Promise.all(kinds.map(async (l) => void views.set(l.kind, await this.viewOf(l.kind, authInfo)))).then(
          () => undefined,
        );
        unsubscribe = this.rt.events!.subscribe((event) => {
          heard = heard
            .then(() => (stream.closed ? undefined : hear(stream, event)))
            .catch((error: unknown) =>
              this.rt.logger.warn('a change notification could not be filtered for its caller; not sent', {
                error: error instanceof Error ? error.message : String(error),
              }),
            );
        });
        this.open.add(stream.end);
        this.perCaller.opened(caller);
      },
      onEnd: (stream) => {
        unsubscribe?.();
        if (!this.open.delete(stream.end)) return; // ended before it was counted
        this.perCaller.closed(caller);
      },
    }).response;
  }
}
