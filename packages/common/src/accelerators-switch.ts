/** The environment variable that turns every accelerator of every Tessera package off for the process. */
export const ACCELERATORS_ENV = 'TESSERA_ACCELERATORS';

/**
 * Whether the accelerators are off: `TESSERA_ACCELERATORS=off` sends everything the public way (the server's
 * lane through the SDK's node adapter, validation through class-validator's root, the client's checks through
 * the SDK's own), to compare figures or to rule an accelerator out. Unset or `on`: on. Any other value is
 * refused, naming the two it takes, rather than read as either.
 */
export function acceleratorsOff(
  env: Record<string, string | undefined> | undefined = globalThis.process?.env,
): boolean {
  const value = env?.[ACCELERATORS_ENV];
  if (value === undefined || value === '' || value === 'on') return false;
  if (value === 'off') return true;
  throw new Error(`${ACCELERATORS_ENV} must be "on" or "off" (or unset), got ${JSON.stringify(value)}`);
}
