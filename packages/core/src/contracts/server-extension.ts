import type {
  ClientCapabilities,
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Server,
  ServerContext,
  Tool,
} from '@modelcontextprotocol/server';

/**
 * A protocol extension served next to the application (SEP-2133's server side): it advertises its settings
 * under `capabilities.extensions[id]` in `server/discover` and `initialize`, may serve methods of its own on
 * every request's SDK server, and may add to the entries `tools/list` and the other lists return. Given to
 * the application module as `extensions: [...]`; `createApp` checks each (a unique id, the hooks it has) and
 * calls `setup`, and calls it again (with the list decorations) when a provider is added or removed while serving.
 */
export interface ServerExtension {
  /** The extension's identifier: a reverse-DNS vendor prefix, a slash, a name (`com.example/audit`). */
  readonly id: string;
  /**
   * At `createApp`, with the compiled application, and again with the new one at each `addProvider`,
   * `removeProvider` or `replaceProvider`: throw to refuse the application or the change (name what is wrong),
   * return the settings to advertise, or `undefined` when this application does not need the extension (nothing
   * is advertised, no hook below runs). Omitted: advertised with `{}`.
   */
  setup?(app: ExtensionApp): ExtensionSettings | undefined;
  /** Each request's SDK server (one per HTTP request, one per stdio connection): the extension's own methods. */
  attach?(server: Server, requests: ExtensionRequests): void;
  /** At startup and after each provider change, each tool's list entry: return it changed (a copy or the same object). */
  decorateTool?(tool: Tool): Tool;
  /** At startup and after each provider change, each resource's list entry. */
  decorateResource?(resource: Resource): Resource;
}

/** An extension's advertised settings: a JSON object. */
export type ExtensionSettings = Record<string, unknown>;

/** What an extension sees of the application at `createApp`: its list entries as rendered. */
export interface ExtensionApp {
  readonly name: string;
  readonly version: string;
  readonly tools: readonly Tool[];
  readonly prompts: readonly Prompt[];
  readonly resources: readonly Resource[];
  readonly resourceTemplates: readonly ResourceTemplate[];
}

/** What an extension's method handler may ask about the request it serves. */
export interface ExtensionRequests {
  /** The request's client capabilities (per request on 2026-07-28, from `initialize` on older connections). */
  clientCapabilities(ctx: ServerContext): ClientCapabilities | undefined;
}
