import { saysIdempotent } from '@tessera/common';
import { InvalidSignatureError } from '../errors/definition/invalid-signature.error';
import { assertDtoHasFields } from '../schema/assert-dto-has-fields';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { checkIcons } from './check-icons';
import { MissingArgsTypeError } from '../errors/definition/missing-args-type.error';
import type { HandlerMetadata } from '../metadata/definitions/handler.metadata';
import type { DependencyParamMetadata, ParamMetadata } from '../metadata/definitions/param.metadata';
import { emptyEnhancers, type EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import { getParamTypes } from '../metadata/reflect';
import { MissingDesignMetadataError } from '../errors/definition/missing-design-metadata.error';
import type { Class } from '../types/class';
import type { HandlerPlan, ParamPlan } from './handler-plan';
import { loadFeature } from '../loading/load-feature';
import { appendEnhancers, type MergedClassMetadata } from './merge-class-metadata';
import type { CompiledInputSchema, CompiledOutputSchema } from '../schema/raw-input-schema';

/** Builds one handler's plan (of `module`, when the app has several) and runs every definition-time check that concerns it alone. */
export function compileHandler(
  cls: Class,
  merged: MergedClassMetadata,
  meta: HandlerMetadata,
  wireName: string,
  appEnhancers: EnhancerMetadata,
  module: string | undefined,
): HandlerPlan {
  const where = `${cls.name}.${String(meta.methodName)}`;
  if (typeof (cls.prototype as Record<string | symbol, unknown>)[meta.methodName] !== 'function') {
    throw new InvalidSignatureError(`${where} is decorated as a ${meta.kind} but is not a method.`);
  }
  const reflected = getParamTypes(cls, meta.methodName);
  const types = reflected ?? NO_TYPES;
  const decorated = merged.params.get(meta.methodName) ?? NO_PARAMS;
  // most handlers take one decorated parameter or none: already in order, read as they are, not copied to sort
  const records = decorated.length > 1 ? [...decorated].sort((a, b) => a.index - b.index) : decorated;
  const arity = Math.max(types.length, records.length ? records[records.length - 1].index + 1 : 0);
  const params: ParamPlan[] = records.map((record) => ({ meta: record, type: types[record.index] }));

  if (reflected === undefined) {
    const needsType = records.find(needsDeclaredType);
    if (needsType)
      throw new MissingDesignMetadataError(
        where,
        `parameter #${needsType.index} (${needsType.kind === 'args' ? '@Args()' : '@Elicit'} without an explicit type)`,
      );
  }

  // sorted by index, so a position decorated twice shows as two neighbours (no set of seen positions per handler)
  for (let i = 1; i < records.length; i++) {
    const p = records[i];
    if (p.index === records[i - 1].index)
      throw new InvalidSignatureError(`${where}: parameter #${p.index} has more than one Tessera parameter decorator.`);
  }

  let argsType: Class | undefined;
  const rawSchema = meta.kind === 'tool' && meta.inputSchema !== undefined;
  const argsParam = records.find(isArgsParam);
  if (argsParam && argsParam.kind === 'args') {
    const declared = argsParam.type ? argsParam.type() : types[argsParam.index];
    // `Function` is what TypeScript reflects for a class imported with `import type`: as blind as `Object`
    const untyped = typeof declared !== 'function' || declared === Object || declared === Function;
    // with a hand-written schema, an untyped `@Args()` receives the checked plain arguments
    if (!(rawSchema && untyped && !argsParam.type)) {
      if (untyped || isPrimitiveBox(declared)) throw new MissingArgsTypeError(where, argsParam.index, declared);
      argsType = declared as Class;
    }
  } else if ((meta.kind === 'tool' || meta.kind === 'prompt') && meta.args) {
    argsType = meta.args();
  }
  let inputSchema: CompiledInputSchema | undefined;
  if (meta.kind === 'tool' && meta.inputSchema !== undefined) {
    if (argsType) {
      throw new InvalidSignatureError(
        `${where}: tool "${wireName}" declares both an inputSchema and the arguments DTO ${argsType.name}. ` +
          'Its input is described once: by the DTO, or by the schema (then take @Args() as a plain object).',
      );
    }
    inputSchema = loadFeature('rawInputSchemas').compileInputSchema(wireName, where, meta.inputSchema);
  }
  if (argsType) assertDtoHasFields(argsType, `${where} arguments`);
  const outputSchema = compileOutputSchema(meta, wireName, where);
  if (meta.icons !== undefined) checkIcons(meta.icons, `${where}: icons`);
  if (meta.visible !== undefined && typeof meta.visible !== 'function')
    throw new InvalidConfigurationError(
      `${where}: visible must be a function (ctx) => boolean, got ${meta.visible === null ? 'null' : typeof meta.visible}.`,
    );

  const dependencyParams = records.some(isDependencyParam) ? records.filter(isDependencyParam) : NO_DEPENDENCIES;
  const declaredDirect = 'returnsInputRequired' in meta && meta.returnsInputRequired === true;
  if (dependencyParams.length > 0 && declaredDirect) {
    const first = dependencyParams[0];
    throw new InvalidSignatureError(
      `${where}: parameter #${first.index} (${first.spec.decorator}) is a dependency parameter, but the method also declares ` +
        'returnsInputRequired. One call has one inputResponses/requestState channel: let the dependency parameters ask, ' +
        'or return InputRequiredResult yourself, not both.',
    );
  }
  if (declaredDirect && meta.kind === 'resource') {
    throw new InvalidSignatureError(
      `${where}: static resource "${meta.uri}" declares returnsInputRequired, but a static resource cannot ask the user ` +
        '(a retry has nothing to read its answers from). Make it a resource template, or move the question into a tool.',
    );
  }
  if (dependencyParams.length > 0 && meta.kind === 'resource') {
    throw new InvalidSignatureError(
      `${where}: static resource "${meta.uri}" cannot use ${dependencyParams[0].spec.decorator} (parameter #${dependencyParams[0].index}): ` +
        'a static resource cannot ask the user. Make it a resource template, or move the question into a tool.',
    );
  }

  const dependencies =
    dependencyParams.length > 0
      ? loadFeature('questions').compileDependencies(where, meta.methodName, dependencyParams, types)
      : NO_DEPENDENCIES;
  // Prompts and templates ask in the direct form as a matter of course, so they need not say so; a tool's
  // usual way to ask is a dependency parameter, so it declares the direct form (`returnsInputRequired`).
  // Either way, not together with dependency parameters.
  const directForm =
    declaredDirect ||
    ((meta.kind === 'prompt' || meta.kind === 'resource-template') &&
      dependencyParams.length === 0 &&
      meta.returnsInputRequired !== false);

  const own = merged.methodEnhancers.get(meta.methodName);
  let enhancers = NO_ENHANCERS;
  if (!isEmpty(appEnhancers) || !isEmpty(merged.classEnhancers) || (own && !isEmpty(own))) {
    enhancers = emptyEnhancers();
    appendEnhancers(enhancers, appEnhancers);
    appendEnhancers(enhancers, merged.classEnhancers);
    if (own) appendEnhancers(enhancers, own);
  }

  return {
    ref: { kind: meta.kind, name: wireName, providerClass: cls, methodName: meta.methodName },
    meta,
    where,
    params,
    arity,
    argsType,
    inputSchema,
    outputType: meta.kind === 'tool' && meta.output ? meta.output() : undefined,
    outputSchema,
    enhancers,
    dependencies,
    directForm,
    scopes: handlerScopes(where, merged.provider.scopes, meta.scopes),
    recordsFirstLeg: meta.kind === 'tool' && !saysIdempotent(meta.annotations),
    // set here rather than spread onto a copy: V8 gives an object built by spreading, then added to, a
    // hidden class of its own (hundreds of bytes a handler, and slower to build)
    module,
  };
}

// Most handlers have no enhancers, dependency parameters or scopes of their own: they share one frozen empty
// value each instead of holding their own (about 250 bytes a handler, kept for the life of the app).
const NO_ENHANCERS: EnhancerMetadata = Object.freeze({
  guards: Object.freeze([]) as never[],
  interceptors: Object.freeze([]) as never[],
  pipes: Object.freeze([]) as never[],
  filters: Object.freeze([]) as never[],
});
const NO_DEPENDENCIES = Object.freeze([]) as never[];
const NO_PARAMS: readonly ParamMetadata[] = Object.freeze([]);
const NO_TYPES: readonly unknown[] = Object.freeze([]);

// Predicates at module level, not arrows inside compileHandler: one function each, not one per handler.
function needsDeclaredType(p: ParamMetadata): boolean {
  return (
    (p.kind === 'args' && !p.type) ||
    (p.kind === 'dependency' && p.spec.kind === 'form-elicitation' && p.spec.inject === undefined)
  );
}

function isArgsParam(p: ParamMetadata): boolean {
  return p.kind === 'args';
}

function isDependencyParam(p: ParamMetadata): p is DependencyParamMetadata {
  return p.kind === 'dependency';
}
const NO_SCOPES: readonly string[] = Object.freeze([]);

function isEmpty(enhancers: EnhancerMetadata): boolean {
  for (const kind in enhancers) if (enhancers[kind as keyof EnhancerMetadata].length > 0) return false;
  return true;
}

function isPrimitiveBox(t: unknown): boolean {
  return t === String || t === Number || t === Boolean || t === Array || t === Promise;
}

const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

function handlerScopes(
  where: string,
  providerScopes: readonly string[] | undefined,
  ownScopes: readonly string[] | undefined,
): readonly string[] {
  // most handlers name no scopes anywhere: no set and no list to build
  if (providerScopes === undefined && ownScopes === undefined) return NO_SCOPES;
  const scopes = new Set<string>();
  for (const list of [providerScopes, ownScopes]) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new InvalidConfigurationError(`${where}: scopes must be an array of strings.`);
    for (const scope of list) {
      if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope))
        throw new InvalidConfigurationError(
          `${where}: scope ${JSON.stringify(scope)} is not an OAuth scope token (no spaces, quotes or backslashes).`,
        );
      scopes.add(scope);
    }
  }
  return scopes.size > 0 ? Object.freeze([...scopes]) : NO_SCOPES;
}

/** `@Tool({ outputSchema })`, compiled; refused next to an output DTO (the output is described once). */
function compileOutputSchema(meta: HandlerMetadata, wireName: string, where: string): CompiledOutputSchema | undefined {
  if (meta.kind !== 'tool' || meta.outputSchema === undefined) return undefined;
  if (meta.output)
    throw new InvalidSignatureError(
      `${where}: tool "${wireName}" declares both an outputSchema and an output DTO. ` +
        'Its output is described once: by the DTO, or by the schema.',
    );
  return loadFeature('rawInputSchemas').compileOutputSchema(wireName, where, meta.outputSchema);
}
