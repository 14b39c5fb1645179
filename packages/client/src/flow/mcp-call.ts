/** The three methods that may answer `input_required`, each identified the way its retry must repeat it. */
export type McpCall = (
  | { method: 'tools/call'; name: string; arguments?: Record<string, unknown> }
  | { method: 'prompts/get'; name: string; arguments?: Record<string, string> }
  | { method: 'resources/read'; uri: string }
) & {
  /** Request `_meta` (trace context, ...), repeated on every leg. */
  _meta?: Record<string, unknown>;
};

export type McpCallMethod = McpCall['method'];

/** `tools/call 'deploy'` / `resources/read 'file:///a'`: how errors and hooks name a call. */
export function describeCall(call: McpCall): string {
  return call.method === 'resources/read' ? `${call.method} '${call.uri}'` : `${call.method} '${call.name}'`;
}
