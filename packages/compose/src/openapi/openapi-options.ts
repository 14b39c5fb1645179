import { optionsProblem } from '@tessera/common';
import { InvalidConfigurationError } from '@tessera/core';

/** Which operations become tools: by tag or by operationId. */
export interface OperationFilter {
  tags?: string[];
  operationIds?: string[];
}

/** An OpenAPI 3.x document turned into tools, one per operation. */
export interface OpenApiToolsOptions {
  /** The document: a URL, a file path, or the parsed object. */
  document: string | URL | Record<string, unknown>;
  /** Prepended to each tool name with `_` (`petstore_getPet`); none by default. */
  prefix?: string;
  /** Where the calls go; default the document's first `servers` entry (relative to a document URL). */
  baseUrl?: string | URL;
  /** Sent on every call (credentials from your settings, e.g. `{ authorization: \`Bearer ${token}\` }`). */
  headers?: Record<string, string>;
  /** Only these operations (an operation matching any tag or id is kept). Default: all. */
  include?: OperationFilter;
  /** Never these, even when included. */
  exclude?: OperationFilter;
  /** Limit per call; default 30 000 ms. */
  timeoutMs?: number;
  /** What makes the requests; default the platform `fetch`. */
  fetch?: (input: string | URL, init?: RequestInit) => Promise<Response>;
}

const KNOWN = {
  document: true,
  prefix: true,
  baseUrl: true,
  headers: true,
  include: true,
  exclude: true,
  timeoutMs: true,
  fetch: true,
} as const satisfies Record<keyof OpenApiToolsOptions, true>;

const FILTER = { tags: true, operationIds: true } as const satisfies Record<keyof OperationFilter, true>;

/** Refuses options that cannot describe one set of operation tools, before the document is read. */
export function checkOpenApiToolsOptions(options: OpenApiToolsOptions): void {
  const where = 'openApiTools(options)';
  const problem =
    optionsProblem(options, KNOWN, where) ??
    (options.document === undefined || options.document === null ? `${where}: document is required.` : undefined) ??
    (options.include !== undefined ? optionsProblem(options.include, FILTER, `${where}: include`) : undefined) ??
    (options.exclude !== undefined ? optionsProblem(options.exclude, FILTER, `${where}: exclude`) : undefined) ??
    (options.prefix !== undefined && !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(options.prefix)
      ? `${where}: prefix must be 1 to 64 letters, digits, "_", "." or "-", got ${JSON.stringify(options.prefix)}.`
      : undefined) ??
    (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)
      ? `${where}: timeoutMs must be a positive number of milliseconds, got ${String(options.timeoutMs)}.`
      : undefined);
  if (problem !== undefined) throw new InvalidConfigurationError(problem);
}
