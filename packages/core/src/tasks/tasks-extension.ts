import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { MissingCapabilityError } from '../errors/runtime/missing-capability.error';

import { TASKS_EXTENSION } from './tasks-extension-id';

export { TASKS_EXTENSION };

/** The capabilities a client must declare (per request) to be given, or to follow, a task. */
export const TASKS_REQUIRED_CAPABILITIES: ClientCapabilities = { extensions: { [TASKS_EXTENSION]: {} } };

/** Whether this request's client capabilities declare the Tasks extension. */
export function declaresTasks(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  if (typeof extensions !== 'object' || extensions === null || Array.isArray(extensions)) return false;
  const own = (extensions as Record<string, unknown>)[TASKS_EXTENSION];
  return typeof own === 'object' && own !== null && !Array.isArray(own);
}

/** -32021 naming the extension: what a client that did not declare it gets where only a task will do. */
export function tasksCapabilityMissing(what: string): MissingCapabilityError {
  return new MissingCapabilityError(
    `${what} needs the client capability extensions["${TASKS_EXTENSION}"], which this request does not declare.`,
    TASKS_REQUIRED_CAPABILITIES,
  );
}
