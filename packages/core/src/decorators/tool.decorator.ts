import type { Icon, ToolAnnotations } from '@modelcontextprotocol/server';
import { collectHandler } from '../metadata/metadata-store';
import type { Class } from '../types/class';
import { classOfMethod } from './method-decorator-target';

export interface ToolOptions {
  /** Wire name; defaults to the method name. */
  name?: string;
  title?: string;
  description?: string;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** The arguments DTO, when the method has no `@Args()` parameter to read it from. */
  args?: () => Class;
  /** An output DTO: advertised as `outputSchema`, and the returned value is validated into `structuredContent`. */
  output?: () => Class;
  /** The method returns `InputRequiredResult` itself (direct form); cannot be combined with `@Elicit` parameters. */
  returnsInputRequired?: boolean;
}

/** Exposes a provider method as an MCP tool. */
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (target, methodName) => {
    const { name, args, output, ...rest } = options;
    collectHandler(classOfMethod(target, methodName, 'Tool'), {
      kind: 'tool',
      methodName,
      name: name ?? String(methodName),
      args,
      output,
      ...rest,
    });
  };
}
