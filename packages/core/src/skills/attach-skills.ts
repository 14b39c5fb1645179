import type {
  ListResourcesResult,
  McpServer,
  ReadResourceResult,
  ResourceTemplate,
  Server,
  ServerContext,
  Variables,
} from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';

/** The skill files a request's server serves as resources, as the SDK's skills extension registered them. */
export interface SkillResources {
  /** The template every skill file URI matches (`skill://{+path}`), listed in resources/templates/list. */
  readonly template: ResourceTemplate;
  readonly name: string;
  /** Reads one skill file, checked by the SDK against its published digest and size. */
  read(uri: URL, variables: Variables, ctx: ServerContext): Promise<ReadResourceResult>;
}

type ReadCallback = SkillResources['read'];

/**
 * Attaches the SDK's skills extension (SEP-2640) to one request's low-level server: the extension registers
 * `skills/list`, `skills/get` and (for catalogs from storage) `resources/directory/read` on it, and declares
 * its capability, itself. Its skill files are one resource template, which the extension registers the way
 * it does on an `McpServer`; Tessera's own resource handlers serve them from what this returns, next to the
 * application's resources.
 */
export function attachSkills(server: Server, skills: SkillsExtension): SkillResources {
  let registered: SkillResources | undefined;
  // The part of McpServer the extension uses: the low-level server, whether it is connected, and the
  // registration of its resource template (kept here, served by Tessera's resources/read).
  const host = {
    server,
    isConnected: () => false,
    registerResource(name: string, template: ResourceTemplate, _metadata: unknown, read: ReadCallback) {
      registered = { name, template, read };
    },
  };
  skills.attach(host as unknown as McpServer);
  if (!registered) throw new Error('the skills extension registered no resource template for its files');
  return registered;
}

/**
 * The settings the SDK's extension declares for itself (`capabilities.extensions[id]`), read from an attach
 * to a server that only records: the seam advertises them from `createApp` on, as every extension's.
 */
export function dryAttachSettings(skills: SkillsExtension): Record<string, unknown> {
  let declared: Record<string, unknown> = {};
  const recording = {
    assertCanSetRequestHandler: () => undefined,
    setRequestHandler: () => undefined,
    registerCapabilities: (capabilities: { extensions?: Record<string, Record<string, unknown>> }) => {
      declared = capabilities.extensions?.[skills.id] ?? {};
    },
  };
  attachSkills(recording as unknown as Server, skills);
  return declared;
}

/** The skill files a catalog lists in resources/list (a small set), for this request. */
export async function listedSkillResources(
  skills: SkillResources,
  ctx: ServerContext,
): Promise<ListResourcesResult['resources']> {
  const list = skills.template.listCallback;
  return list ? (await list(ctx)).resources : [];
}
