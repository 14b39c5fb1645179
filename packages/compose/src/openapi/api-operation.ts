/** The parts of a dereferenced OpenAPI 3 operation the tools read. */
export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

export interface ApiOperation {
  method: string;
  path: string;
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  parameters: ApiParameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body?: { schema: Record<string, unknown>; required: boolean; description?: string };
  /** The JSON schema of the first 2xx answer, when it has one. */
  output?: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;

/** Every operation of a dereferenced document, path by path, as declared. */
export function apiOperations(document: Json): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const shared = (item.parameters ?? []) as ApiParameter[];
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (op === undefined) continue;
      const own = (op.parameters ?? []) as ApiParameter[];
      // an operation's own parameter replaces the path item's of the same name and location
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId:
          typeof op.operationId === 'string' ? op.operationId : `${method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
        ...(typeof op.summary === 'string' && { summary: op.summary }),
        ...(typeof op.description === 'string' && { description: op.description }),
        tags: Array.isArray(op.tags) ? (op.tags as string[]) : [],
        parameters,
        ...bodyOf(op.requestBody as Json | undefined),
        ...outputOf(op.responses as Record<string, Json> | undefined),
      });
    }
  }
  return operations;
}

function jsonSchemaOf(content: unknown): Json | undefined {
  if (typeof content !== 'object' || content === null) return undefined;
  const entry = Object.entries(content as Record<string, Json>).find(([type]) =>
    /^application\/(.+\+)?json/.test(type),
  );
  return entry?.[1]?.schema as Json | undefined;
}

function bodyOf(requestBody: Json | undefined): Pick<ApiOperation, 'body'> {
  const schema = jsonSchemaOf(requestBody?.content);
  if (schema === undefined) return {};
  return {
    body: {
      schema,
      required: requestBody?.required === true,
      ...(typeof requestBody?.description === 'string' && { description: requestBody.description }),
    },
  };
}

function outputOf(responses: Record<string, Json> | undefined): Pick<ApiOperation, 'output'> {
  const ok = Object.keys(responses ?? {}).find((code) => /^2(\d\d|XX)$/.test(code));
  const schema = ok !== undefined ? jsonSchemaOf(responses![ok].content) : undefined;
  return schema !== undefined ? { output: schema } : {};
}
