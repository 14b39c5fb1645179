/**
 * The dependency resolver's progress across rounds, carried inside the sealed `requestState`. The
 * request-state stage fills `incoming` before anything runs; the resolver leaves `outgoing` when it asks
 * a question, and the stage seals it after. Opaque here: the resolver reads and checks its own shape.
 */
export interface ResolverProgress {
  incoming: unknown;
  outgoing: unknown;
}
