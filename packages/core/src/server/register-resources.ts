import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import { toReadResourceResult } from '../call-adapter/normalize-results';
import { serveCall } from '../call-adapter/serve-call';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { attachSkills, listedSkillResources } from './attach-skills';
import { listPage } from './paginate';
import type { ServerRuntime } from './server-runtime';

/**
 * `resources/list`, `resources/templates/list` and `resources/read`: the app's resources and templates, and
 * the files of its skills (the SDK's skills extension registers its own methods and capability here).
 */
export function registerResources(server: Server, rt: ServerRuntime, era: 'modern' | 'legacy'): void {
  const { compiled } = rt;
  const skills = rt.skills && attachSkills(server, rt.skills);
  if (compiled.resourceList.length === 0 && compiled.templateList.length === 0 && !skills) return;
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
