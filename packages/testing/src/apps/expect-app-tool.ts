import type { Tool } from '@modelcontextprotocol/client';
import { FlowAssertionError } from '../errors/flow-assertion.error';
import { loadExtApps } from './load-ext-apps';

/** What an app tool's list entry declares under `_meta.ui`. */
export interface AppToolExpectation {
  /** The view's `ui://` URI. */
  resourceUri: string;
  /** Checked when given (absent on the entry means the default, model and app). */
  visibility?: ('model' | 'app')[];
}

/**
 * Checks that a listed tool is an app tool rendered by the given view: `_meta.ui.resourceUri` (and the flat
 * key older hosts read, kept equal), and its visibility when given. Throws a FlowAssertionError naming the tool.
 */
export function expectAppTool(tool: Tool | undefined, expected: AppToolExpectation): void {
  if (tool === undefined) throw new FlowAssertionError('expectAppTool: no such tool in the list');
  const meta = (tool._meta ?? {}) as Record<string, unknown>;
  const ui = meta.ui as { resourceUri?: unknown; visibility?: unknown } | undefined;
  const fail = (what: string) => {
    throw new FlowAssertionError(`tool "${tool.name}": ${what}`);
  };
  if (ui?.resourceUri !== expected.resourceUri)
    fail(
      `expected _meta.ui.resourceUri ${JSON.stringify(expected.resourceUri)}, got ${JSON.stringify(ui?.resourceUri)}`,
    );
  const flat = meta[loadExtApps().RESOURCE_URI_META_KEY];
  if (flat !== expected.resourceUri)
    fail(`expected _meta["ui/resourceUri"] ${JSON.stringify(expected.resourceUri)}, got ${JSON.stringify(flat)}`);
  if (expected.visibility !== undefined && JSON.stringify(ui?.visibility) !== JSON.stringify(expected.visibility))
    fail(`expected _meta.ui.visibility ${JSON.stringify(expected.visibility)}, got ${JSON.stringify(ui?.visibility)}`);
}

/** The `ui://` view an elicitation question is rendered with (SEP-3118), or undefined for a plain form. */
export function appViewOf(request: unknown): string | undefined {
  const meta = (request as { params?: { _meta?: { ui?: { resourceUri?: unknown } } } } | undefined)?.params?._meta;
  const uri = meta?.ui?.resourceUri;
  return typeof uri === 'string' ? uri : undefined;
}
