import type { Icon, ToolAnnotations } from '@modelcontextprotocol/server';
import { collectHandler } from '../metadata/metadata-store';
import type { VisiblePredicate } from '../contracts/visibility';
import type { ToolInputSchema, ToolOutputSchema } from '../schema/raw-input-schema';
import type { TaskSupport, ToolUiOptions } from '../metadata/definitions/handler.metadata';
import type { Class } from '../types/class';
import { checkDecoratorChoice, checkDecoratorOptions } from './decorator-options';
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
  /**
   * The input schema written out (any JSON Schema 2020-12 with an object root), instead of a DTO: advertised
   * exactly as written and checked against each call's arguments; `@Args()` then gives the plain arguments.
   * Use it for what a DTO cannot say (`$defs` and `$ref`, `if`/`then`/`else`, `unevaluatedProperties`, ...).
   */
  inputSchema?: ToolInputSchema;
  /** An output DTO: advertised as `outputSchema`, and the returned value is validated into `structuredContent`. */
  output?: () => Class;
  /**
   * The output schema written out (a JSON Schema with an object root), instead of an output DTO: advertised
   * exactly as written, and each successful result's `structuredContent` is checked against it (the method
   * returns a `CallToolResult` carrying it, or the structured value itself). For schemas known only at run
   * time, such as a mounted remote's or an OpenAPI response's.
   */
  outputSchema?: ToolOutputSchema;
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
  /** The method returns `InputRequiredResult` itself (direct form); cannot be combined with `@Elicit` parameters. */
  returnsInputRequired?: boolean;
  /**
   * Run the call as a task (the Tasks extension): a client that declares `io.modelcontextprotocol/tasks`
   * gets a task handle at once and follows it with `tasks/get`; the method's questions park the task as
   * `input_required`. `'optional'`: a client without the extension gets the result inline, as from any
   * tool. `'required'`: such a client is refused with -32021 naming the extension.
   */
  task?: TaskSupport;
  /**
   * An app tool (MCP Apps): a host that renders apps shows the `@AppResource` named here with the tool's
   * results. Written to `_meta.ui` of the tool's list entry (with the older flat key hosts still read); the
   * MCP Apps extension is advertised once an app tool exists. Read `ctx.ui` to know whether this request's
   * client renders the view, and keep the text content meaningful for those that do not.
   */
  ui?: ToolUiOptions;
}

const TOOL_OPTIONS = {
  name: true,
  title: true,
  description: true,
  annotations: true,
  icons: true,
  _meta: true,
  args: true,
  inputSchema: true,
  output: true,
  outputSchema: true,
  scopes: true,
  visible: true,
  returnsInputRequired: true,
  task: true,
  ui: true,
} as const satisfies Record<keyof ToolOptions, true>;

const TASK_SUPPORT: readonly TaskSupport[] = ['optional', 'required'];

/** Exposes a provider method as an MCP tool. */
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (target, methodName) => {
    const cls = classOfMethod(target, methodName, 'Tool');
    const where = `@Tool() on ${cls.name}.${String(methodName)}`;
    checkDecoratorOptions(options, TOOL_OPTIONS, where);
    checkDecoratorChoice(options.task, TASK_SUPPORT, `${where}: task`);
    const { name, args, output, ...rest } = options;
    collectHandler(cls, {
      kind: 'tool',
      methodName,
      name: name ?? String(methodName),
      args,
      output,
      ...rest,
    });
  };
}
