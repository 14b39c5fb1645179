import type { Client as SdkClient, StandardSchemaV1 } from '@modelcontextprotocol/client';

/** What is read of the SDK's era codec (its `validateResult`, as the SDK's `codecResultValidator` reads it). */
interface ResultCodec {
  validateResult(
    method: string,
    value: unknown,
  ): { ok: true; value: unknown } | { ok: false; reason: 'invalid'; message: string } | { ok: false; reason: string };
}

/** The SDK client's codec lookup (protected in its types; read by shape, so another SDK simply goes without). */
type CodecLookup = { _resolveOutboundCodec?: (method: string) => ResultCodec };

const built = new WeakMap<ResultCodec, Map<string, StandardSchemaV1 | null>>();

/**
 * The result validator the SDK's `Client.request()` builds for a spec method called without a schema
 * (`codecResultValidator`), built once per era codec and method instead of on every request: the SDK probes the
 * codec with `undefined` each time to learn whether the method is in its era, a failing zod parse whose issues
 * are written out as JSON (about 9 µs a leg). The probe is made once, the same way; the validator asks the same
 * codec the same question and answers as the SDK's does. Undefined when the method is not in the era (the SDK's
 * own request then throws its TypeError) or the SDK's codec cannot be read: call `request()` without a schema.
 * Held to the SDK's own validator by spec-result-validator.test.ts on seeded random results.
 */
export function specResultValidator(sdk: SdkClient, method: string): StandardSchemaV1 | undefined {
  const lookup = (sdk as unknown as CodecLookup)._resolveOutboundCodec;
  if (typeof lookup !== 'function') return undefined;
  const codec = lookup.call(sdk, method);
  let byMethod = built.get(codec);
  if (byMethod === undefined) built.set(codec, (byMethod = new Map()));
  let validator = byMethod.get(method);
  if (validator === undefined) byMethod.set(method, (validator = validatorOf(codec, method)));
  return validator ?? undefined;
}

function validatorOf(codec: ResultCodec, method: string): StandardSchemaV1 | null {
  const probe = codec.validateResult(method, undefined);
  if (!probe.ok && probe.reason === 'not-in-era') return null;
  return {
    '~standard': {
      version: 1,
      vendor: 'mcp-wire-codec',
      validate(value: unknown) {
        const outcome = codec.validateResult(method, value);
        if (outcome.ok) return { value: outcome.value };
        const message =
          outcome.reason === 'invalid' ? (outcome as { message: string }).message : `not-in-era: ${method}`;
        return { issues: [{ message }] };
      },
    },
  };
}
