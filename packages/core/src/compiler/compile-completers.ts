import { InvalidSignatureError } from '../errors/definition/invalid-signature.error';
import { completersOf } from '../metadata/completer-store';
import type { Class } from '../types/class';
import type { CompiledApp, CompleterPlan } from './compiled-app';

/**
 * Turns the `@Complete` methods of the app's providers into `compiled.completers`, checking each against
 * what the app serves: the prompt or template exists, has the argument, and has no other completer for it.
 */
export function compileCompleters(app: CompiledApp, providers: Iterable<Class>): void {
  for (const cls of providers)
    for (const meta of completersOf(cls)) {
      const where = `@Complete() on ${cls.name}.${String(meta.methodName)}`;
      if (typeof (cls.prototype as Record<string | symbol, unknown>)[meta.methodName] !== 'function')
        throw new InvalidSignatureError(`${where}: not a method.`);
      const target = describe(meta.target);
      const names = argumentNames(app, meta.target);
      if (names === undefined)
        throw new InvalidSignatureError(
          `${where}: this app serves no ${target} (completions name a prompt or template it serves).`,
        );
      if (!names.includes(meta.argument))
        throw new InvalidSignatureError(
          `${where}: ${target} has no argument "${meta.argument}"; its arguments: ${names.join(', ') || 'none'}.`,
        );
      let byArgument = app.completers.get(meta.target);
      if (!byArgument) app.completers.set(meta.target, (byArgument = new Map<string, CompleterPlan>()));
      const existing = byArgument.get(meta.argument);
      if (existing)
        throw new InvalidSignatureError(
          `${where}: argument "${meta.argument}" of ${target} is already completed by ${existing.where}; keep one.`,
        );
      byArgument.set(meta.argument, { providerClass: cls, methodName: meta.methodName, where });
    }
}

function describe(target: string): string {
  return target.startsWith('prompt:') ? `prompt "${target.slice(7)}"` : `resource template "${target.slice(9)}"`;
}

function argumentNames(app: CompiledApp, target: string): string[] | undefined {
  if (target.startsWith('prompt:')) {
    const prompt = app.promptList.find((p) => p.name === target.slice(7));
    return prompt && (prompt.arguments ?? []).map((a) => a.name);
  }
  const uriTemplate = target.slice(9);
  const found = app.templates.find(
    (t) => t.plan.meta.kind === 'resource-template' && t.plan.meta.uriTemplate === uriTemplate,
  );
  return found?.template.variableNames;
}
