import type { Icon } from '@modelcontextprotocol/server';
import { collectHandler } from '../metadata/metadata-store';
import type { VisiblePredicate } from '../contracts/visibility';
import type { Class } from '../types/class';
import { checkDecoratorOptions } from './decorator-options';
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
   * handler or any question runs. By default a caller whose token lacks them does not see it: it is left out
   * of that caller's lists and a call answers as for an unknown one (the module's `visibility.scopes`:
   * `'challenge'` lists it to all and answers 403 `insufficient_scope` instead, for step-up).
   */
  scopes?: string[];
  /**
   * Whether a caller sees it (opt-in; guards never hide a handler, as a guard may have side effects): false
   * leaves it out of that caller's lists, and a call to it answers as a call to an unknown one. Runs on every
   * list and call: keep it quick and free of side effects.
   */
  visible?: VisiblePredicate;
  /** The method returns `InputRequiredResult` itself (direct form). */
  returnsInputRequired?: boolean;
}

const PROMPT_OPTIONS = {
  name: true,
  title: true,
  description: true,
  icons: true,
  _meta: true,
  args: true,
  scopes: true,
  visible: true,
  returnsInputRequired: true,
} as const satisfies Record<keyof PromptOptions, true>;

/** Exposes a provider method as an MCP prompt. */
export function Prompt(options: PromptOptions = {}): MethodDecorator {
  return (target, methodName) => {
    const cls = classOfMethod(target, methodName, 'Prompt');
    checkDecoratorOptions(options, PROMPT_OPTIONS, `@Prompt() on ${cls.name}.${String(methodName)}`);
    const { name, ...rest } = options;
    collectHandler(cls, {
      kind: 'prompt',
      methodName,
      name: name ?? String(methodName),
      ...rest,
    });
  };
}
