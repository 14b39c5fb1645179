import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { isJsonObject } from '../types/json-object';

/**
 * One tool argument the client mirrors into an `Mcp-Param-{name}` HTTP header (SEP-2243): the schema
 * property that says `"x-mcp-header": name`, found through a chain of `properties` keys.
 */
export interface ParamHeader {
  /** The property's path in the arguments (`["region"]`, `["target", "zone"]`). */
  readonly path: readonly string[];
  /** The header's name without its prefix, as the schema spells it (`Region` for `Mcp-Param-Region`). */
  readonly name: string;
  readonly type: 'string' | 'integer' | 'boolean';
}

export const PARAM_HEADER_PREFIX = 'Mcp-Param-';
const X_MCP_HEADER = 'x-mcp-header';
/** RFC 9110 `token`: no spaces, no control characters, no delimiters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
// Subschemas a client cannot follow statically: an `x-mcp-header` under any of them makes the tool invalid.
const UNREACHABLE = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
] as const;
const NAMED_SUBSCHEMAS = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/**
 * The `x-mcp-header` declarations of a tool's advertised input schema, checked as the specification requires
 * (a non-empty RFC 9110 token, on a string, integer or boolean property reached through `properties` only,
 * unique regardless of case). A tool that breaks a rule is refused at createApp, naming the property.
 */
export function paramHeadersOf(toolName: string, where: string, inputSchema: unknown): ParamHeader[] {
  if (!mayMentionHeaders(inputSchema)) return [];
  const found: ParamHeader[] = [];
  const seen = new Map<string, string>();
  const refuse = (path: readonly string[], reason: string): never => {
    throw new InvalidConfigurationError(
      `${where}: tool "${toolName}" cannot mirror ${path.length ? `"${path.join('.')}"` : 'its root'} into an HTTP header: ${reason}.`,
    );
  };
  const visit = (node: unknown, path: string[], reachable: boolean): void => {
    if (!isJsonObject(node)) return;
    if (X_MCP_HEADER in node) {
      const name = node[X_MCP_HEADER];
      if (!reachable || path.length === 0)
        refuse(
          path,
          `x-mcp-header is only allowed on a property reached through "properties" alone (not under ${UNREACHABLE.join(', ')})`,
        );
      if (typeof name !== 'string' || !TOKEN.test(name))
        refuse(
          path,
          `the header name ${JSON.stringify(name)} is not an HTTP token (letters, digits and !#$%&'*+-.^_\`|~ only)`,
        );
      const type = node.type;
      if (typeof type !== 'string' || !HEADER_TYPES.has(type))
        refuse(
          path,
          `only a string, integer or boolean property can be a header, this one has type ${JSON.stringify(type ?? null)} (a nullable field cannot be one)`,
        );
      const lower = (name as string).toLowerCase();
      const prior = seen.get(lower);
      if (prior !== undefined)
        refuse(
          path,
          `the header name "${name as string}" is already used by "${prior}" (names are compared regardless of case)`,
        );
      seen.set(lower, path.join('.'));
      found.push({ path: [...path], name: name as string, type: type as ParamHeader['type'] });
    }
    if (isJsonObject(node.properties))
      for (const [key, child] of Object.entries(node.properties)) visit(child, [...path, key], reachable);
    for (const keyword of UNREACHABLE) {
      const sub = node[keyword];
      if (sub === undefined) continue;
      const branches = Array.isArray(sub)
        ? sub
        : NAMED_SUBSCHEMAS.has(keyword) && isJsonObject(sub)
          ? Object.values(sub)
          : [sub];
      for (const branch of branches) visit(branch, [...path, `<${keyword}>`], false);
    }
  };
  visit(inputSchema, [], true);
  return found;
}

// the key as the schema's JSON spells it, made once (a template per call was a new string for each tool)
const QUOTED_X_MCP_HEADER = `"${X_MCP_HEADER}"`;

/**
 * False only when the schema's JSON has no `x-mcp-header` anywhere, so it declares no header and breaks no rule
 * above: most tools declare none, and the walk costs more than the serialisation (it is a good part of building
 * an app with many tools). A schema that does not serialise is walked.
 */
function mayMentionHeaders(inputSchema: unknown): boolean {
  try {
    return JSON.stringify(inputSchema)?.includes(QUOTED_X_MCP_HEADER) ?? false;
  } catch {
    return true;
  }
}
