import { SkillsExtension, type SkillCatalog, type SkillCatalogOptions } from '@modelcontextprotocol/server/ext/skills';
import { nodeSkillFiles } from '@modelcontextprotocol/server/ext/skills/node';

/**
 * A skill catalog (SEP-2640) from a folder of skill folders, each with its `SKILL.md`, for the module's
 * `skills`. Strict unless told otherwise: a skill with bad frontmatter, over the size limits, or holding a
 * symlink is refused here with the catalog's own message (a `SkillCatalogError` listing each problem),
 * instead of being skipped with a warning. Files are read from the folder when a client reads them.
 */
export function loadSkillFolder(folder: string, options: SkillCatalogOptions = {}): Promise<SkillCatalog> {
  return SkillsExtension.load(nodeSkillFiles(folder), { strict: true, ...options });
}
