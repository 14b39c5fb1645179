import type { ListResourceTemplatesResult, Prompt, Resource, Tool } from '@modelcontextprotocol/server';
import type { TesseraClient } from '@tessera/client';

/** A listed resource template (the SDK's `ResourceTemplate` name is its server-side class). */
export type RemoteResourceTemplate = ListResourceTemplatesResult['resourceTemplates'][number];

/** Everything a remote lists, every page read. */
export interface RemoteSurface {
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  resourceTemplates: RemoteResourceTemplate[];
}

/** Bound on pages per list: a remote whose cursors never end must not hold the start forever. */
const MAX_PAGES = 1000;

/**
 * Reads the whole surface of a connected remote. A kind it does not advertise is an empty list, not asked for
 * (the SDK's client would answer it empty, with a console line each time); one it advertises but does not
 * serve (-32601) is empty too.
 */
export async function readRemoteSurface(client: TesseraClient, timeoutMs: number): Promise<RemoteSurface> {
  const options = { timeout: timeoutMs };
  const serves = client.serverCapabilities ?? {};
  const [tools, prompts, resources, resourceTemplates] = await Promise.all([
    allPages(
      serves.tools,
      (cursor) => client.listTools(cursor, options),
      (r) => r.tools,
    ),
    allPages(
      serves.prompts,
      (cursor) => client.listPrompts(cursor, options),
      (r) => r.prompts,
    ),
    allPages(
      serves.resources,
      (cursor) => client.listResources(cursor, options),
      (r) => r.resources,
    ),
    allPages(
      serves.resources,
      (cursor) => client.listResourceTemplates(cursor, options),
      (r) => r.resourceTemplates,
    ),
  ]);
  return { tools, prompts, resources, resourceTemplates };
}

const METHOD_NOT_FOUND = -32601;

/** Every item of one kind, page by page; none, and no request, when the remote does not advertise the kind. */
async function allPages<R extends { nextCursor?: string }, T>(
  advertised: object | undefined,
  list: (params: { cursor?: string } | undefined) => Promise<R>,
  items: (page: R) => T[],
): Promise<T[]> {
  const all: T[] = [];
  if (advertised === undefined) return all;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let result: R;
    try {
      result = await list(cursor === undefined ? undefined : { cursor });
    } catch (error) {
      if ((error as { code?: unknown }).code === METHOD_NOT_FOUND) return all;
      throw error;
    }
    all.push(...items(result));
    cursor = result.nextCursor;
    if (cursor === undefined) return all;
  }
  throw new Error(`the listing did not end after ${MAX_PAGES} pages`);
}
