import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { assertDtoHasFields } from '../../schema/assert-dto-has-fields';
import { assertElicitationSchema } from '../../schema/assert-elicitation-schema';
import { elicitationSchemaForDto } from '../../schema/elicitation-schema-for-dto';
import type { Class } from '../../types/class';
import { validateElicitationContent } from '../../validation/validate-elicitation-content';
import { compute } from '../compute';
import type { DependencyPlan } from '../dependency-plan';
import type { ElicitFormSpec } from '../dependency-spec';
import { Elicitation } from '../elicitation';
import { InvalidSignatureError } from '../../errors/definition/invalid-signature.error';
import type { QuestionKind } from '../question-kind';
import { unchanging } from '../unchanging';
import { declaredElicitation, readDeclineOrCancel } from './elicitation-action';

/** `@Elicit`: a form the client shows to the user; the accepted content is checked against the question's schema. */
export const formElicitation: QuestionKind<ElicitFormSpec> = {
  kind: 'form-elicitation',
  elicitation: true,
  compile(plan, spec, paramType, where) {
    if (typeof spec.schema === 'function') {
      plan.dto = spec.schema as Class;
      // the form's own refusals (a nested DTO, a pattern) first: they are the final answer for a form
      plan.requestedSchema = elicitationSchemaForDto(plan.dto);
      assertDtoHasFields(plan.dto, `${where} parameter #${plan.index} (@Elicit "${plan.key}")`);
      plan.inject = spec.inject ?? injectFromDeclaredType(plan, paramType, where);
    } else {
      plan.requestedSchema = assertElicitationSchema(spec.schema, `${where} parameter #${plan.index}`);
      plan.inject = spec.inject ?? 'value';
    }
  },
  // a DTO's schema is deeply frozen (elicitationSchemaForDto); a raw schema's checked form is not
  fixed: (plan, spec) => unchanging(spec.message) && unchanging(plan.requestedSchema),
  render: (plan, spec, input) => ({
    method: 'elicitation/create',
    params: { mode: 'form', message: compute(spec.message, input, 'message'), requestedSchema: plan.requestedSchema! },
  }),
  read(plan, response) {
    const settled = readDeclineOrCancel(response);
    if (settled) return settled;
    const content = response.content ?? {};
    const checked = plan.dto
      ? validateElicitationContent(plan.dto, content)
      : validateElicitationContent(plan.requestedSchema as Record<string, unknown>, content);
    // The validator's own sentences ("region must be one of ..."), without `path:` prefixes: the user reads them.
    if (!checked.ok) return { ok: false, reason: checked.issues.flatMap((i) => i.messages).join('; ') };
    return {
      ok: true,
      action: 'accept',
      data: askedOnly(content, plan.requestedSchema!),
      value: { action: 'accept', content: checked.value },
    };
  },
  missingCapability(_request, caps) {
    const e = declaredElicitation(caps);
    return e !== undefined && (e.form !== undefined || e.url === undefined) ? undefined : { elicitation: { form: {} } };
  },
  // A plain request, not the SDK's `elicitInput`: that one refuses an off-schema answer with a protocol
  // error, where Tessera asks again like on 2026-07-28.
  push: (mcpReq, request) =>
    mcpReq.send({ method: 'elicitation/create', params: request.params as ElicitRequestFormParams }),
};

/** The answer as recorded in the sealed state: only the fields the question asked for (extra keys were ignored). */
export function askedOnly(content: unknown, schema: ElicitRequestFormParams['requestedSchema']): unknown {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return content;
  // key by key rather than through entry arrays (this runs on every answer); a data property for each, as
  // Object.fromEntries writes it, so a "__proto__" key stays a key
  const asked: Record<string, unknown> = {};
  const answered = content as Record<string, unknown>;
  for (const key of Object.keys(answered)) {
    if (!Object.hasOwn(schema.properties, key)) continue;
    if (key === '__proto__')
      Object.defineProperty(asked, key, { value: answered[key], enumerable: true, writable: true, configurable: true });
    else asked[key] = answered[key];
  }
  return asked;
}

/**
 * The injection mode from the parameter's reflected type, only where it is unambiguous: the DTO class itself
 * (`value`) or `Elicitation<Dto>` (`outcome`). Strict TypeScript reflects `Dto | undefined`, interfaces and
 * type-only imports as `Object` or `Function`, which says nothing about the mode, so those are refused.
 */
function injectFromDeclaredType(plan: DependencyPlan, paramType: unknown, where: string): 'value' | 'outcome' {
  if (paramType === plan.dto) return 'value';
  if (paramType === Elicitation) return 'outcome';
  const dto = plan.dto!.name;
  const seen =
    paramType === undefined
      ? 'has no decorator metadata (is emitDecoratorMetadata on?)'
      : paramType === Function
        ? `reflects as Function: its type was erased, which is what TypeScript writes for a class imported only as ` +
          `a type (\`import type { Elicitation }\` or \`import type { ${dto} }\`; import it as a value instead)`
        : `reflects as ${typeof paramType === 'function' && paramType.name ? paramType.name : String(paramType)}`;
  throw new InvalidSignatureError(
    `${where}: parameter #${plan.index} (@Elicit "${plan.key}") ${seen}, so Tessera cannot tell whether it wants ` +
      `the answer or the outcome. Write inject: 'value' (the parameter receives the ${dto}; a decline or cancel ends ` +
      `the call) or inject: 'outcome' (it receives Elicitation<${dto}>: { action, content }) in the @Elicit options. ` +
      `Declaring the parameter as ${dto}, or as Elicitation<${dto}> with Elicitation imported as a value, also says it.`,
  );
}
