import { ProtocolError, Server, type ServerCapabilities } from '@modelcontextprotocol/server';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { toCallToolResult, toGetPromptResult, toReadResourceResult } from './normalize-results';
import { listPage } from './paginate';
import { serveCall } from './serve-call';
import type { ServerRuntime } from './server-runtime';
import { registerTaskMethods } from '../tasks/task-methods';
import { serveTaskCall } from '../tasks/serve-task-call';
import { TASKS_EXTENSION } from '../tasks/tasks-extension';
import { attachSkills, listedSkillResources } from './attach-skills';

/**
 * One SDK `Server` for one serving unit (an HTTP request, or a stdio connection). Only constant work
 * happens here: the handlers close over tables compiled at startup, so the cost of a request does not
 * grow with the number of tools.
 */
export function createSdkServer(rt: ServerRuntime, era: 'modern' | 'legacy'): Server {
  const { compiled } = rt;
  const server = new Server(
    { name: rt.info.name, version: rt.info.version, ...(rt.info.title ? { title: rt.info.title } : {}) },
    {
      capabilities: capabilitiesOf(rt),
      instructions: rt.instructions,
      cacheHints: rt.cacheHints as never,
      inputRequired: { legacyShim: rt.legacyInputRequiredBridge },
    },
  );

  // the SDK's skills extension registers its own methods and capability; its files are served below
  const skills = rt.skills && attachSkills(server, rt.skills);

  if (compiled.toolList.length > 0) {
    server.setRequestHandler('tools/list', (req) =>
      listPage('tools', compiled.toolList, req.params?.cursor, rt.pageSize),
    );
    server.setRequestHandler('tools/call', (req, sdk) => {
      const name = req.params.name;
      const plan = compiled.tools.get(name);
      if (!plan) throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown tool: ${name}`);
      const args = (req.params.arguments ?? {}) as Record<string, unknown>;
      const site = { method: 'tools/call' as const, target: name, arguments: args, era, server };
      const finish = (v: unknown) =>
        server.projectCallToolResult(toCallToolResult(v, plan), compiled.outputSchemas.get(name));
      if (rt.tasks && plan.meta.kind === 'tool' && plan.meta.task)
        return serveTaskCall(rt, rt.tasks, plan, site, sdk, finish, server) as Promise<never>;
      return serveCall(rt, plan, site, sdk, finish);
    });
  }
  if (rt.tasks) registerTaskMethods(server, rt.tasks);

  if (compiled.promptList.length > 0) {
    server.setRequestHandler('prompts/list', (req) =>
      listPage('prompts', compiled.promptList, req.params?.cursor, rt.pageSize),
    );
    server.setRequestHandler('prompts/get', (req, sdk) => {
      const name = req.params.name;
      const plan = compiled.prompts.get(name);
      if (!plan) throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown prompt: ${name}`);
      const args = (req.params.arguments ?? {}) as Record<string, unknown>;
      return serveCall(rt, plan, { method: 'prompts/get', target: name, arguments: args, era, server }, sdk, (v) =>
        toGetPromptResult(v, plan),
      );
    });
  }

  if (compiled.resourceList.length > 0 || compiled.templateList.length > 0 || skills) {
    server.setRequestHandler('resources/list', async (req, sdk) =>
      listPage(
        'resources',
        skills ? [...compiled.resourceList, ...(await listedSkillResources(skills, sdk))] : compiled.resourceList,
        req.params?.cursor,
        rt.pageSize,
      ),
    );
    const templateList = skills
      ? [...compiled.templateList, { uriTemplate: skills.template.uriTemplate.toString(), name: skills.name }]
      : compiled.templateList;
    server.setRequestHandler('resources/templates/list', (req) =>
      listPage('resourceTemplates', templateList, req.params?.cursor, rt.pageSize),
    );
    server.setRequestHandler('resources/read', (req, sdk) => {
      const uri = req.params.uri;
      const site = { method: 'resources/read' as const, target: uri, arguments: {}, era, server };
      const plan = compiled.resources.get(uri);
      if (plan) {
        const mime = plan.meta.kind === 'resource' ? plan.meta.mimeType : undefined;
        return serveCall(rt, plan, site, sdk, (v) => toReadResourceResult(v, uri, mime));
      }
      for (const { plan: tplan, template } of compiled.templates) {
        const variables = template.match(uri);
        if (!variables) continue;
        const mime = tplan.meta.kind === 'resource-template' ? tplan.meta.mimeType : undefined;
        return serveCall(rt, tplan, { ...site, arguments: variables as Record<string, unknown> }, sdk, (v) =>
          toReadResourceResult(v, uri, mime),
        );
      }
      const skillFile = skills?.template.uriTemplate.match(uri);
      if (skills && skillFile) return skills.read(new URL(uri), skillFile, sdk);
      throw new ProtocolError(JsonRpcCode.InvalidParams, `Resource not found: ${uri}`, { uri });
    });
  }

  if (compiled.promptList.length > 0 || compiled.templateList.length > 0) {
    // Arguments with a closed set of values (@IsIn, @IsEnum) complete from it; others complete to nothing.
    server.setRequestHandler('completion/complete', (req) => {
      const ref = req.params.ref;
      const key = ref.type === 'ref/prompt' ? `prompt:${ref.name}` : `template:${ref.uri}`;
      const byArgument = compiled.completions.get(key);
      if (!byArgument) {
        const what = ref.type === 'ref/prompt' ? `prompt: ${ref.name}` : `resource template: ${ref.uri}`;
        throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown ${what}`);
      }
      return completeFrom(byArgument.get(req.params.argument.name) ?? [], req.params.argument.value);
    });
  }
  return server;
}

const MAX_COMPLETIONS = 100; // the protocol's cap per answer

/** The options that start with what the user typed (case-insensitive), at most 100, with the full count. */
function completeFrom(options: readonly string[], typed: string) {
  const prefix = typed.toLowerCase();
  const matches = options.filter((o) => o.toLowerCase().startsWith(prefix));
  return {
    completion: {
      values: matches.slice(0, MAX_COMPLETIONS),
      total: matches.length,
      hasMore: matches.length > MAX_COMPLETIONS,
    },
  };
}

function capabilitiesOf(rt: ServerRuntime): ServerCapabilities {
  const c = rt.compiled;
  const caps: ServerCapabilities = { logging: {} };
  if (c.toolList.length > 0) caps.tools = {};
  if (c.promptList.length > 0) caps.prompts = {};
  if (c.resourceList.length > 0 || c.templateList.length > 0 || rt.skills) caps.resources = {};
  if (c.promptList.length > 0 || c.templateList.length > 0) caps.completions = {};
  if (rt.tasks) (caps as { extensions?: Record<string, object> }).extensions = { [TASKS_EXTENSION]: {} };
  // With an event bus, subscriptions/listen streams may ask for change notifications of what this app serves.
  if (rt.events !== undefined) {
    if (caps.tools) caps.tools.listChanged = true;
    if (caps.prompts) caps.prompts.listChanged = true;
    if (caps.resources) caps.resources = { listChanged: true, subscribe: true };
  }
  return caps;
}
