import type { InputAnswerer } from '../callbacks/input-answerer';
import type { InputKind } from '../callbacks/input-kind';
import { MissingInputCallbackError } from '../errors/missing-input-callback.error';

/** The capability each input callback declares, by the name a server's `requiredCapabilities` gives it. */
const KIND_BY_CAPABILITY: ReadonlyArray<readonly [string, InputKind]> = [
  ['elicitation', 'elicitation'],
  ['sampling', 'sampling'],
  ['roots', 'roots'],
];

/**
 * A server's `-32021` (a required client capability is missing) whose `data.requiredCapabilities` names a
 * capability this client would declare with a callback it was not given, as the error naming that callback;
 * undefined for any other error.
 */
export function missingCallbackBehind(
  error: unknown,
  answerer: InputAnswerer,
  where: string,
): MissingInputCallbackError | undefined {
  const e = error as { code?: unknown; data?: { requiredCapabilities?: unknown } } | null;
  if (typeof e !== 'object' || e === null || e.code !== -32021) return undefined;
  const required = e.data?.requiredCapabilities;
  if (typeof required !== 'object' || required === null) return undefined;
  for (const [capability, kind] of KIND_BY_CAPABILITY)
    if (Object.hasOwn(required, capability) && !answerer.has(kind))
      return new MissingInputCallbackError(kind, undefined, where, error);
  return undefined;
}
