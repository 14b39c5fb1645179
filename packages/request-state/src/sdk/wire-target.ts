/**
 * The spellings under which a carrier request names its target on the wire: a tool or prompt by its exact
 * `params.name`, a resource by `params.uri` as sent or as McpServer looks it up (`new URL(uri).href`,
 * which is also what its read callback receives). A state whose target is not one of them belongs to
 * another tool, prompt or resource.
 */
export function wireTargetsOf(method: string, params: unknown): readonly string[] {
  if (typeof params !== 'object' || params === null) return [];
  const named = (params as Record<string, unknown>)[method === 'resources/read' ? 'uri' : 'name'];
  if (typeof named !== 'string') return [];
  return method === 'resources/read' ? uriSpellings(named) : [named];
}

/** The same as wireTargetsOf, for a target named outside the body (the HTTP `Mcp-Name` header). */
export function namedTargetSpellings(method: string, name: string): readonly string[] {
  return method === 'resources/read' ? uriSpellings(name) : [name];
}

function uriSpellings(uri: string): readonly string[] {
  let href: string;
  try {
    href = new URL(uri).href;
  } catch {
    // McpServer refuses an unparsable URI itself; the raw text is the only spelling a state could carry
    return [uri];
  }
  return href === uri ? [uri] : [uri, href];
}
