import SwaggerParser from '@apidevtools/swagger-parser';
import { Provider, Ctx, Tool, type ExecutionContext, type FeatureModule } from '@tessera/core';
import { apiOperations, type ApiOperation } from './api-operation';
import { callOperation, type OperationCallSetup } from './call-operation';
import { OpenApiDocumentError } from '../errors/openapi-document.error';
import { checkOpenApiToolsOptions, type OpenApiToolsOptions, type OperationFilter } from './openapi-options';
import { operationInputSchema, operationOutputSchema } from './operation-input-schema';

const DEFAULT_TIMEOUT_MS = 30_000;

/** An OpenAPI document's operations as tools: put `module` in `imports`. */
export interface OpenApiTools {
  readonly module: FeatureModule;
  /** The operationId of each tool made, in the document's order. */
  readonly operations: string[];
}

/**
 * Reads, validates and dereferences an OpenAPI 3.x document (with `@apidevtools/swagger-parser`) and returns a
 * module with one tool per operation kept by `include`/`exclude`: named by its operationId (sanitised to the
 * characters a tool name may hold), its input schema from the parameters and the JSON body, each call made
 * with `fetch`. A document that cannot be read, or is not OpenAPI 3, fails here with `OpenApiDocumentError`.
 */
export async function openApiTools(options: OpenApiToolsOptions): Promise<OpenApiTools> {
  checkOpenApiToolsOptions(options);
  const source = options.document instanceof URL ? options.document.href : options.document;
  let document: Record<string, unknown>;
  try {
    // validate() also dereferences; it is given a copy, as it resolves the object in place. A URL is read with
    // the same fetch the calls use (JSON), a file path by the parser (JSON or YAML).
    const input = isHttpUrl(source)
      ? await readDocument(source, options.fetch ?? fetch)
      : typeof source === 'string'
        ? source
        : structuredClone(source);
    document = (await SwaggerParser.validate(input as never)) as unknown as Record<string, unknown>;
  } catch (cause) {
    throw new OpenApiDocumentError(describe(source), cause instanceof Error ? cause.message : String(cause), { cause });
  }
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    throw new OpenApiDocumentError(describe(source), `only OpenAPI 3.x is supported, got ${describeVersion(document)}`);
  }
  const setup: OperationCallSetup = {
    baseUrl: baseUrlOf(options, document, source),
    headers: { ...options.headers },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
  const operations = apiOperations(document).filter((op) => kept(op, options.include, options.exclude));
  const provider = operationsProvider(setup, operations, options.prefix);
  const title = (document.info as { title?: string } | undefined)?.title;
  return {
    module: { name: `openapi:${options.prefix ?? title ?? 'document'}`, providers: [provider] },
    operations: operations.map((op) => op.operationId),
  };
}

function operationsProvider(setup: OperationCallSetup, operations: ApiOperation[], prefix: string | undefined) {
  const cls = class OpenApiOperations {};
  const proto = cls.prototype as unknown as Record<string, unknown>;
  operations.forEach((operation, index) => {
    const key = `operation${index}`;
    proto[key] = (ctx: ExecutionContext) => callOperation(setup, operation, ctx.arguments, ctx.signal);
    const description = [operation.summary, operation.description].filter(Boolean).join('\n\n');
    Tool({
      name: operation.operationId.replace(/[^A-Za-z0-9_.-]/g, '_'),
      ...(description !== '' && { description }),
      ...(operation.method === 'GET' && { annotations: { readOnlyHint: true } }),
      inputSchema: operationInputSchema(operation),
      ...operationOutputSchema(operation),
    })(proto, key, Object.getOwnPropertyDescriptor(proto, key)!);
    // the arguments, checked against the input schema before the call, are read from the context
    Ctx()(proto, key, 0);
  });
  Provider(prefix !== undefined ? { prefix } : {})(cls);
  return cls;
}

function kept(op: ApiOperation, include: OperationFilter | undefined, exclude: OperationFilter | undefined): boolean {
  const matches = (filter: OperationFilter) =>
    (filter.operationIds ?? []).includes(op.operationId) || op.tags.some((tag) => (filter.tags ?? []).includes(tag));
  return (include === undefined || matches(include)) && (exclude === undefined || !matches(exclude));
}

function baseUrlOf(options: OpenApiToolsOptions, document: Record<string, unknown>, source: unknown): string {
  if (options.baseUrl !== undefined) return String(options.baseUrl);
  const servers = document.servers as Array<{ url?: string }> | undefined;
  const declared = servers?.[0]?.url;
  const documentUrl = typeof source === 'string' && /^https?:\/\//.test(source) ? source : undefined;
  if (declared !== undefined && (documentUrl !== undefined || /^https?:\/\//.test(declared))) {
    return new URL(declared, documentUrl).href;
  }
  if (documentUrl !== undefined) return new URL('/', documentUrl).href;
  throw new OpenApiDocumentError(describe(source), 'it names no absolute server URL to call; give baseUrl');
}

function isHttpUrl(source: unknown): source is string {
  return typeof source === 'string' && /^https?:\/\//.test(source);
}

async function readDocument(url: string, send: NonNullable<OpenApiToolsOptions['fetch']>): Promise<unknown> {
  const response = await send(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
  return response.json();
}

function describe(source: unknown): string {
  return typeof source === 'string' ? source : 'the given document object';
}

function describeVersion(document: Record<string, unknown>): string {
  if (typeof document.swagger === 'string') return `Swagger ${document.swagger}`;
  return JSON.stringify(document.openapi ?? 'no version');
}
