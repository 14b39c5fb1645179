/**
 * What an `@Elicit` parameter receives in outcome mode (declare the parameter as `Elicitation<MyDto>`):
 * the user's decision is always visible, a decline never silently becomes "no value".
 */
export type Elicitation<T> = { action: 'accept'; content: T } | { action: 'decline' } | { action: 'cancel' };

/**
 * The value side of `Elicitation`: with `emitDecoratorMetadata`, a parameter declared `Elicitation<Dto>` (the
 * name imported as a value, not with `import type`) reflects as this constructor, so `@Elicit` can see that
 * the method wants the outcome. It is never called or instantiated.
 */
export const Elicitation: abstract new () => never = class Elicitation {
  constructor() {
    throw new TypeError('Elicitation is a type: @Elicit fills the parameter, nothing constructs it.');
  }
} as unknown as abstract new () => never;

export function isAccepted<T>(e: Elicitation<T>): e is { action: 'accept'; content: T } {
  return e.action === 'accept';
}
