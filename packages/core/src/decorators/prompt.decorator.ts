import type { Icon } from '@modelcontextprotocol/server';
import { collectHandler } from '../metadata/metadata-store';
import type { Class } from '../types/class';
import { classOfMethod } from './method-decorator-target';

export interface PromptOptions {
  name?: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** The arguments DTO, when the method has no `@Args()` parameter to read it from. */
  args?: () => Class;
  /**
   * OAuth scopes the caller's token must carry (all of them), checked over authenticated HTTP before the
   * handler or any question runs; a token without them gets 403 `insufficient_scope`. Listing still shows it.
   */
  scopes?: string[];
  /** The method returns `InputRequiredResult` itself (direct form). */
  returnsInputRequired?: boolean;
}

/** Exposes a provider method as an MCP prompt. */
export function Prompt(options: PromptOptions = {}): MethodDecorator {
  return (target, methodName) => {
    const { name, ...rest } = options;
    collectHandler(classOfMethod(target, methodName, 'Prompt'), {
      kind: 'prompt',
      methodName,
      name: name ?? String(methodName),
      ...rest,
    });
  };
}
