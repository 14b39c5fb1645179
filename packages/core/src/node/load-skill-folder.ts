import type { SkillCatalog, SkillCatalogOptions } from '@modelcontextprotocol/server/ext/skills';
import { sdkSkills } from '../skills/sdk-skills';

/**
 * A skill catalog (SEP-2640) from a folder of skill folders, each with its `SKILL.md`, for the module's
 * `skills`. Strict unless told otherwise: a skill with bad frontmatter, over the size limits, or holding a
 * symlink is refused here with the catalog's own message (a `SkillCatalogError` listing each problem),
 * instead of being skipped with a warning. Files are read from the folder when a client reads them.
 */
export function loadSkillFolder(folder: string, options: SkillCatalogOptions = {}): Promise<SkillCatalog> {
  // required here, as the extension itself is (sdk-skills.ts): a server without skills loads neither
  type NodeSkills = typeof import('@modelcontextprotocol/server/ext/skills/node');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { nodeSkillFiles } = require('@modelcontextprotocol/server/ext/skills/node') as NodeSkills;
  return sdkSkills().SkillsExtension.load(nodeSkillFiles(folder), { strict: true, ...options });
}
