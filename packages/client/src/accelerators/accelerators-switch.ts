/** The environment variable that turns every accelerator of `@tessera/client` off for the process. */
export const ACCELERATORS_ENV = 'TESSERA_ACCELERATORS';

/**
 * Whether the accelerators are off: `TESSERA_ACCELERATORS=off` sends everything the public way, to compare
 * figures or to rule an accelerator out; unset or `on`: on. The same switch as the server's, read the same way:
 * any other value is refused, naming the two it takes, rather than read as either.
 */
export function acceleratorsOff(
  env: Record<string, string | undefined> | undefined = globalThis.process?.env,
): boolean {
  const value = env?.[ACCELERATORS_ENV];
  if (value === undefined || value === '' || value === 'on') return false;
  if (value === 'off') return true;
  throw new Error(`${ACCELERATORS_ENV} must be "on" or "off" (or unset), got ${JSON.stringify(value)}`);
}
