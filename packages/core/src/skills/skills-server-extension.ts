import type { Server } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import type { ServerExtension } from '../contracts/server-extension';
import { attachSkills, dryAttachSettings, type SkillResources } from './attach-skills';

/** The Skills extension on the seam, with the skill files each request's server serves as resources. */
export interface SkillsServerExtension extends ServerExtension {
  /** The skill files `attach` registered on this request's server (Tessera's resource handlers serve them). */
  resourcesOf(server: Server): SkillResources | undefined;
}

/**
 * The module's skills (the SDK's own extension, SEP-2640) on the extensions seam: advertised with the
 * settings the SDK's extension declares (`directoryRead` for a catalog from storage), and serving
 * `skills/list`, `skills/get` (and `resources/directory/read`) on each request's server through `attach`.
 */
export function skillsServerExtension(skills: SkillsExtension): SkillsServerExtension {
  const served = new WeakMap<Server, SkillResources>();
  return {
    id: skills.id,
    setup: () => dryAttachSettings(skills),
    attach: (server) => {
      served.set(server, attachSkills(server, skills));
    },
    resourcesOf: (server) => served.get(server),
  };
}
