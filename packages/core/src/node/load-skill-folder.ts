import type { SkillCatalog, SkillCatalogOptions } from '@modelcontextprotocol/server/ext/skills';
import { sdkSkills } from '../skills/sdk-skills';
import { sizeCheckedSkillFiles } from './size-checked-skill-files';

/**
 * A skill catalog (SEP-2640) from a folder of skill folders, each with its `SKILL.md`, for the module's
 * `skills`. Strict unless told otherwise: a skill with bad frontmatter, over the size limits, or holding a
 * symlink is refused here with the catalog's own message (a `SkillCatalogError` listing each problem),
 * instead of being skipped with a warning. Files are read from the folder when a client reads them, each
 * refused from its size alone when it has grown past the per-skill byte limit (`limits.bytes`) since.
 */
export function loadSkillFolder(folder: string, options: SkillCatalogOptions = {}): Promise<SkillCatalog> {
  // required here, as the extension itself is (sdk-skills.ts): a server without skills loads neither
  type NodeSkills = typeof import('@modelcontextprotocol/server/ext/skills/node');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { nodeSkillFiles } = require('@modelcontextprotocol/server/ext/skills/node') as NodeSkills;
  const { SkillsExtension, SKILL_LIMITS } = sdkSkills();
  const maxBytes = options.limits?.bytes ?? SKILL_LIMITS.bytes;
  return SkillsExtension.load(sizeCheckedSkillFiles(nodeSkillFiles(folder), folder, maxBytes), {
    strict: true,
    ...options,
  });
}
