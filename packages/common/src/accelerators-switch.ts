/** The environment variable that turns the accelerators of every Tessera package off, all or by name. */
export const ACCELERATORS_ENV = 'TESSERA_ACCELERATORS';

/**
 * Every accelerator, by the name `TESSERA_ACCELERATORS=off:<name>,...` turns it off with: core's HTTP lane and
 * validation shortcuts, and the client's node:http sender (`nodeHttpFetch()`).
 */
export const ACCELERATOR_NAMES = ['lane', 'validation', 'node-http'] as const;

/** One accelerator's name. */
export type AcceleratorName = (typeof ACCELERATOR_NAMES)[number];

/** The environment the switch is read from (`process.env` by default). */
export type AcceleratorsEnv = Record<string, string | undefined> | undefined;

/**
 * Whether every accelerator is off: `TESSERA_ACCELERATORS=off` sends everything the public way (the server's
 * lane through the SDK's node adapter, validation through class-validator's root, the client's
 * `nodeHttpFetch()` as the platform fetch), to compare figures or to rule the accelerators out.
 * Unset or `on`: on. `off:<name>,...` turns off only the ones named (so this answers false). Any other value is
 * refused, naming what it takes, rather than read as either.
 */
export function acceleratorsOff(env: AcceleratorsEnv = globalThis.process?.env): boolean {
  return namedOff(env) === 'all';
}

/** Whether the accelerator `name` is off: every one is (`off`), or it is named (`off:lane,validation`). */
export function acceleratorOff(name: AcceleratorName, env: AcceleratorsEnv = globalThis.process?.env): boolean {
  const off = namedOff(env);
  return off === 'all' || off.includes(name);
}

function namedOff(env: AcceleratorsEnv): 'all' | readonly AcceleratorName[] {
  const value = env?.[ACCELERATORS_ENV];
  if (value === undefined || value === '' || value === 'on') return [];
  if (value === 'off') return 'all';
  if (value.startsWith('off:')) {
    const names = value
      .slice('off:'.length)
      .split(',')
      .map((name) => name.trim());
    const unknown = names.filter((name) => !(ACCELERATOR_NAMES as readonly string[]).includes(name));
    if (unknown.length === 0) return names as AcceleratorName[];
    throw new Error(
      `${ACCELERATORS_ENV} names no accelerator ${unknown.map((name) => JSON.stringify(name)).join(', ')}; ` +
        `the accelerators are ${ACCELERATOR_NAMES.join(', ')}`,
    );
  }
  throw new Error(
    `${ACCELERATORS_ENV} must be "on", "off" or "off:<name>,..." (or unset), got ${JSON.stringify(value)}`,
  );
}
