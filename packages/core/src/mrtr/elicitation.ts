/**
 * What an `@Elicit` parameter receives in outcome mode (declare the parameter as `Elicitation<MyDto>`):
 * the user's decision is always visible, a decline never silently becomes "no value".
 */
export type Elicitation<T> = { action: 'accept'; content: T } | { action: 'decline' } | { action: 'cancel' };

export function isAccepted<T>(e: Elicitation<T>): e is { action: 'accept'; content: T } {
  return e.action === 'accept';
}
