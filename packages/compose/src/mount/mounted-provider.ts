import type {
  GetPromptResult,
  Prompt as RemotePrompt,
  ReadResourceResult,
  Resource as RemoteResource,
  Tool as RemoteTool,
} from '@modelcontextprotocol/server';
import {
  Ctx,
  Prompt,
  Provider,
  Resource,
  ResourceTemplate,
  Tool,
  ToolError,
  type Class,
  type ExecutionContext,
  type ToolOutputSchema,
} from '@tessera/core';
import { TaskHandle } from '@tessera/client';
import { forwardRound } from './forward-round';
import type { MountedNames } from './mounted-names';
import { promptArgumentsDto } from './prompt-arguments-dto';
import type { RemoteConnection } from './remote-connection';
import { followRemoteTask, isRemoteTaskState } from './remote-task';
import type { RemoteResourceTemplate as RemoteTemplate, RemoteSurface } from './remote-surface';

type Handler = (ctx: ExecutionContext) => Promise<unknown>;

/**
 * A provider class made at start from what the remote listed: one decorated method per tool, prompt, resource
 * and template, each forwarding its call round by round (see `forwardRound`). Names are the remote's, prefixed.
 */
export function mountedProvider(connection: RemoteConnection, names: MountedNames, surface: RemoteSurface): Class {
  const className = `Mounted_${names.prefix.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const cls = { [className]: class {} }[className];
  const proto = cls.prototype as Record<string, unknown>;
  let count = 0;
  const add = (handler: Handler, decorate: MethodDecorator): void => {
    const key = `forward${count++}`;
    proto[key] = handler;
    const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
    decorate(proto, key, descriptor);
    Ctx()(proto, key, 0);
  };

  const taskTools = connection.options.taskTools ?? {};
  for (const name of Object.keys(taskTools))
    if (!surface.tools.some((t) => t.name === name))
      throw new Error(`taskTools names "${name}", which the remote does not list as a tool`);
  for (const tool of surface.tools) add(...forwardTool(connection, tool, taskTools[tool.name]));
  for (const prompt of surface.prompts) add(...forwardPrompt(connection, prompt));
  for (const resource of surface.resources) add(...forwardResource(connection, names, resource));
  for (const template of surface.resourceTemplates) add(...forwardTemplate(connection, names, template));
  Provider({ prefix: names.prefix })(cls);
  return cls;
}

function forwardTool(
  connection: RemoteConnection,
  tool: RemoteTool,
  task: 'optional' | 'required' | undefined,
): [Handler, MethodDecorator] {
  const what = `tool "${tool.name}"`;
  const handler: Handler = async (ctx) => {
    // a later round of a call the remote runs as a task: its id is in our state
    if (isRemoteTaskState(ctx.requestState))
      return remoteTaskRound(connection, ctx, what, connection.client.task(ctx.requestState.task));
    const result = await forwardRound(connection, ctx, what, (options) =>
      connection.client.callTool({ name: tool.name, arguments: { ...ctx.arguments } }, { ...options, task: 'handle' }),
    );
    return result instanceof TaskHandle ? remoteTaskRound(connection, ctx, what, result) : result;
  };
  const decorator = Tool({
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    ...(tool.description !== undefined && { description: tool.description }),
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    ...(tool.icons !== undefined && { icons: tool.icons }),
    ...(tool._meta !== undefined && { _meta: tool._meta }),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema as ToolOutputSchema }),
    returnsInputRequired: true,
    ...(task !== undefined && { task }),
  });
  return [handler, decorator];
}

async function remoteTaskRound(connection: RemoteConnection, ctx: ExecutionContext, what: string, handle: TaskHandle) {
  try {
    return await followRemoteTask(connection, ctx, what, handle);
  } catch (cause) {
    if (cause instanceof ToolError) throw cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ToolError(`mount "${connection.options.prefix}": ${what} failed on the remote server: ${reason}`, {
      cause,
    });
  }
}

function forwardPrompt(connection: RemoteConnection, prompt: RemotePrompt): [Handler, MethodDecorator] {
  const handler: Handler = (ctx) =>
    forwardRound<GetPromptResult>(connection, ctx, `prompt "${prompt.name}"`, (options) =>
      connection.client.getPrompt({ name: prompt.name, arguments: stringArguments(ctx.arguments) }, options),
    );
  const args = prompt.arguments?.length ? promptArgumentsDto(prompt) : undefined;
  const decorator = Prompt({
    name: prompt.name,
    ...(prompt.title !== undefined && { title: prompt.title }),
    ...(prompt.description !== undefined && { description: prompt.description }),
    ...(prompt.icons !== undefined && { icons: prompt.icons }),
    ...(args !== undefined && { args: () => args }),
    returnsInputRequired: true,
  });
  return [handler, decorator];
}

function forwardResource(
  connection: RemoteConnection,
  names: MountedNames,
  resource: RemoteResource,
): [Handler, MethodDecorator] {
  const handler: Handler = async (ctx) => {
    const result = await forwardRound<ReadResourceResult>(connection, ctx, `resource "${resource.uri}"`, (options) =>
      connection.client.readResource({ uri: resource.uri }, options),
    );
    return mountedContents(names, result);
  };
  const decorator = Resource(names.uri(resource.uri), {
    name: resource.name,
    ...resourceFields(resource),
  });
  return [handler, decorator];
}

function forwardTemplate(
  connection: RemoteConnection,
  names: MountedNames,
  template: RemoteTemplate,
): [Handler, MethodDecorator] {
  const handler: Handler = async (ctx) => {
    const uri = names.remoteUri(ctx.target);
    const result = await forwardRound<ReadResourceResult>(connection, ctx, `resource "${uri}"`, (options) =>
      connection.client.readResource({ uri }, options),
    );
    return mountedContents(names, result);
  };
  const decorator = ResourceTemplate(names.uri(template.uriTemplate), {
    name: template.name,
    ...resourceFields(template),
    returnsInputRequired: true,
  });
  return [handler, decorator];
}

function resourceFields(item: RemoteResource | RemoteTemplate) {
  return {
    ...(item.title !== undefined && { title: item.title }),
    ...(item.description !== undefined && { description: item.description }),
    ...(item.mimeType !== undefined && { mimeType: item.mimeType }),
    ...(item.icons !== undefined && { icons: item.icons }),
  };
}

/** The contents as read, under the URIs our caller knows. */
function mountedContents<R>(names: MountedNames, result: R): R {
  const read = result as unknown as ReadResourceResult;
  if (!Array.isArray(read.contents)) return result;
  return { ...read, contents: read.contents.map((c) => ({ ...c, uri: names.uri(c.uri) })) } as unknown as R;
}

/** Prompt arguments are strings on the wire; ours were validated as such by the arguments DTO. */
function stringArguments(args: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) if (typeof value === 'string') out[key] = value;
  return out;
}
