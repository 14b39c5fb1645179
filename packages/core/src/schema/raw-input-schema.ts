import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { ArgumentValidationError } from '../errors/runtime/argument-validation.error';
import { isJsonObject } from '../types/json-object';

/**
 * A tool's input schema written out by hand: any JSON Schema (2020-12 by default, or the dialect its `$schema`
 * names) whose root is an object schema, as tools/list requires. It is advertised exactly as written.
 */
export interface ToolInputSchema {
  type: 'object';
  [keyword: string]: unknown;
}

/** A raw input schema, compiled once at startup: the advertised copy and the check the call's arguments pass. */
export interface CompiledInputSchema {
  /** A frozen deep copy of the declared schema: later changes to the caller's object do not reach the wire. */
  readonly schema: ToolInputSchema;
  /** Throws `ArgumentValidationError` (naming the tool and every failed keyword) when `args` does not match. */
  readonly check: (args: unknown) => void;
}

// One validator for every raw schema (ajv caches each compiled schema by identity).
let validator: AjvJsonSchemaValidator | undefined;

/**
 * A tool's output schema written out by hand (`@Tool({ outputSchema })`): a JSON Schema whose root is an object
 * schema, advertised exactly as written; each successful result's `structuredContent` is checked against it.
 */
export interface ToolOutputSchema {
  type: 'object';
  [keyword: string]: unknown;
}

/** A raw output schema, compiled once at startup. */
export interface CompiledOutputSchema {
  readonly schema: ToolOutputSchema;
  /** Why `structured` does not match, or `undefined` when it does. */
  readonly problem: (structured: unknown) => string | undefined;
}

/** Checks and compiles `@Tool({ inputSchema })`; refuses, at createApp, a schema that cannot serve as one. */
export function compileInputSchema(toolName: string, where: string, declared: unknown): CompiledInputSchema {
  const { schema, validate } = compileRaw('inputSchema', toolName, where, declared);
  return {
    schema,
    check(args) {
      const outcome = validate(args);
      if (outcome.valid) return;
      throw new ArgumentValidationError(`Invalid arguments for tool "${toolName}": ${outcome.errorMessage}`, [
        { path: '', messages: outcome.errorMessage.split(', ') },
      ]);
    },
  };
}

/** Checks and compiles `@Tool({ outputSchema })`, as `compileInputSchema` does an input schema. */
export function compileOutputSchema(toolName: string, where: string, declared: unknown): CompiledOutputSchema {
  const { schema, validate } = compileRaw('outputSchema', toolName, where, declared);
  return {
    schema,
    problem(structured) {
      const outcome = validate(structured);
      return outcome.valid ? undefined : outcome.errorMessage;
    },
  };
}

function compileRaw(field: 'inputSchema' | 'outputSchema', toolName: string, where: string, declared: unknown) {
  if (!isJsonObject(declared) || declared.type !== 'object') {
    throw new InvalidConfigurationError(
      `${where}: the ${field} of tool "${toolName}" must be a JSON Schema object whose root has type "object" ` +
        `(tools/list requires it), got ${describe(declared)}.`,
    );
  }
  let copy: ToolInputSchema;
  try {
    copy = deepFreeze(JSON.parse(JSON.stringify(declared)) as ToolInputSchema);
  } catch (cause) {
    throw new InvalidConfigurationError(`${where}: the ${field} of tool "${toolName}" is not JSON.`, { cause });
  }
  try {
    return { schema: copy, validate: (validator ??= new AjvJsonSchemaValidator()).getValidator(copy) };
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new InvalidConfigurationError(
      `${where}: the ${field} of tool "${toolName}" is not a valid JSON Schema: ${reason}`,
      { cause },
    );
  }
}

function describe(value: unknown): string {
  if (!isJsonObject(value)) return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  return value.type === undefined ? 'a schema without "type"' : `type ${JSON.stringify(value.type)}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
