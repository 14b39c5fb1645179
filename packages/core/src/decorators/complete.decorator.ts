import { collectCompleter } from '../metadata/completer-store';
import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';
import { checkDecoratorOptions } from './decorator-options';
import { classOfMethod } from './method-decorator-target';

/** The prompt (by its wire name) or the resource template (by its URI template) whose argument is completed. */
export type CompletionTarget = { prompt: string } | { template: string };

const TARGET_KEYS = { prompt: true, template: true } as const;

/**
 * Completes one argument of a prompt or a resource template with a method: it receives the partial value
 * and a `CompletionContext` (the arguments already given, the caller) and returns the values, or a promise
 * of them. Beside it, arguments with a closed set (`@IsIn`, `@IsEnum`) complete from that set.
 */
export function Complete(target: CompletionTarget, argument: string): MethodDecorator {
  return (proto, methodName) => {
    const cls = classOfMethod(proto, methodName, 'Complete');
    const where = `@Complete() on ${cls.name}.${String(methodName)}`;
    checkDecoratorOptions(target, TARGET_KEYS, where);
    const { prompt, template } = target as { prompt?: unknown; template?: unknown };
    if ((prompt === undefined) === (template === undefined) || typeof (prompt ?? template) !== 'string')
      throw new InvalidDecoratorUseError(`${where}: name one target, { prompt: 'name' } or { template: 'uri://{x}' }.`);
    if (typeof argument !== 'string' || argument === '')
      throw new InvalidDecoratorUseError(`${where}: the argument to complete must be a non-empty string.`);
    const key = prompt !== undefined ? `prompt:${prompt as string}` : `template:${template as string}`;
    collectCompleter(cls, { methodName, target: key, argument });
  };
}
