import { Client as SdkClient } from '@modelcontextprotocol/client';

interface Verdict {
  ok?: unknown;
  reason?: unknown;
  message?: unknown;
}

/**
 * What `specResultValidator` relies on in the SDK client beyond its public API: its protected-in-types codec
 * lookup, `_resolveOutboundCodec(method)`, and the codec's `validateResult(method, value)` verdicts (a result
 * that passes, one that is `invalid` with a message, a method `not-in-era`). Checked on a real, unconnected
 * client of the installed SDK; every item that is missing or changed is named. An empty list: the validator may
 * be built. Anything else: every tools/call leg lets the SDK build its own, which needs none of this.
 */
export function checkCodecAssumptions(
  make: () => unknown = () => new SdkClient({ name: 'codec-check', version: '0' }),
): string[] {
  const client = attempt(make) as Record<string, unknown> | undefined;
  if (typeof client !== 'object' || client === null) return ['Client cannot be constructed with an identity alone'];
  const lookup = client._resolveOutboundCodec;
  if (typeof lookup !== 'function') return ['Client._resolveOutboundCodec()'];
  const codec = attempt(() => lookup.call(client, 'tools/call')) as { validateResult?: unknown } | undefined;
  const validate = codec?.validateResult;
  if (typeof validate !== 'function') return ['the codec of Client._resolveOutboundCodec() (no validateResult())'];
  const verdict = (method: string, value: unknown) =>
    (attempt(() => validate.call(codec, method, value)) ?? {}) as Verdict;
  const changed: string[] = [];
  if (verdict('tools/call', { content: [] }).ok !== true)
    changed.push('validateResult() (a plain tools/call result no longer passes)');
  const invalid = verdict('tools/call', { content: 'none' });
  if (invalid.ok !== false || invalid.reason !== 'invalid' || typeof invalid.message !== 'string')
    changed.push("validateResult() (a malformed result is no longer 'invalid' with a message)");
  if (verdict('no/such-method', undefined).reason !== 'not-in-era')
    changed.push("validateResult() (a method outside the era is no longer 'not-in-era')");
  return changed;
}

function attempt(make: () => unknown): unknown {
  try {
    return make();
  } catch {
    return undefined;
  }
}
