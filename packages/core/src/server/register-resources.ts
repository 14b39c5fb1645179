import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import { toReadResourceResult } from '../call-adapter/normalize-results';
import { serveCall } from '../call-adapter/serve-call';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { listedSkillResources } from '../skills/attach-skills';
import { listPage } from './paginate';
import type { ServerRuntime } from './server-runtime';

/**
 * `resources/list`, `resources/templates/list` and `resources/read`: the app's resources and templates, and
 * the files of its skills (the skills extension, attached to this server after these handlers are set,
 * registers its own methods; its files are served here, looked up when a request comes).
 */
export function registerResources(server: Server, rt: ServerRuntime, era: 'modern' | 'legacy'): void {
  const { compiled } = rt;
  if (compiled.resourceList.length === 0 && compiled.templateList.length === 0 && !rt.skills) return;
  const skillsOf = () => rt.skills?.resourcesOf(server);
  server.setRequestHandler('resources/list', async (req, sdk) => {
    const listed = await rt.visibility.resources(sdk.http?.authInfo);
    const skills = skillsOf();
    return listPage(
      'resources',
      skills ? [...listed, ...(await listedSkillResources(skills, sdk))] : listed,
      req.params?.cursor,
      rt.pageSize,
    );
  });
  server.setRequestHandler('resources/templates/list', async (req, sdk) => {
    const listed = await rt.visibility.templates(sdk.http?.authInfo);
    const skills = skillsOf();
    const skillTemplate = skills && { uriTemplate: skills.template.uriTemplate.toString(), name: skills.name };
    return listPage(
      'resourceTemplates',
      skillTemplate ? [...listed, skillTemplate] : listed,
      req.params?.cursor,
      rt.pageSize,
    );
  });
  server.setRequestHandler('resources/read', async (req, sdk) => {
    const uri = req.params.uri;
    const found = await rt.visibility.findResource(uri, sdk.http?.authInfo);
    if (found) {
      const { plan, variables } = found;
      const site = { method: 'resources/read' as const, target: uri, arguments: variables, era, server };
      return serveCall(rt, plan, site, sdk, (v) => toReadResourceResult(v, uri, plan));
    }
    const skills = skillsOf();
    const skillFile = skills?.template.uriTemplate.match(uri);
    if (skills && skillFile) return skills.read(new URL(uri), skillFile, sdk);
    throw new ProtocolError(JsonRpcCode.InvalidParams, `Resource not found: ${uri}`, { uri });
  });
}
