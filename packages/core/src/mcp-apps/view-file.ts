import type { HandlerPlan } from '../compiler/handler-plan';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { loadFeature } from '../loading/load-feature';

/** Whether an `@AppResource` method returned its view as a file: a `file:` URL. */
export function isViewFile(plan: HandlerPlan, value: unknown): value is URL {
  return (
    plan.meta.kind === 'resource' && plan.meta.app !== undefined && value instanceof URL && value.protocol === 'file:'
  );
}

/**
 * The view file's text (UTF-8 HTML), read on each read: the method picks the file per read, and a view a
 * bundler rebuilds while the server runs is served as built. A file that cannot be read is the application's
 * fault, named with its class, method and path (logged; the client sees the masked internal error).
 */
export async function readViewFile(plan: HandlerPlan, file: URL): Promise<string> {
  try {
    return await loadFeature('fileReads').readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new InvalidConfigurationError(
      `@AppResource on ${plan.where}: its view file ${decodeURIComponent(file.pathname)} cannot be read` +
        (code === 'ENOENT' ? ' (no such file).' : ` (${String(code ?? error)}).`),
    );
  }
}
