/**
 * The methods whose answer may be `input_required`, and so the only ones that run a handler's pipeline and
 * mint and carry requestState. Every package reads this one list.
 */
export const STATE_CARRYING_METHODS = ['tools/call', 'prompts/get', 'resources/read'] as const;

export type StateCarryingMethod = (typeof STATE_CARRYING_METHODS)[number];

export function isStateCarryingMethod(method: unknown): method is StateCarryingMethod {
  return (STATE_CARRYING_METHODS as readonly unknown[]).includes(method);
}
