import type { SkillCatalog, SkillCatalogOptions } from '@modelcontextprotocol/server/ext/skills';
import { loadFeature } from '../loading/load-feature';
import { sizeCheckedSkillFiles } from './size-checked-skill-files';

/**
 * A skill catalog (SEP-2640) from a folder of skill folders, each with its `SKILL.md`, for the module's
 * `skills`. Strict unless told otherwise: a skill with bad frontmatter, over the size limits, or holding a
 * symlink is refused here with the catalog's own message (a `SkillCatalogError` listing each problem),
 * instead of being skipped with a warning. Files are read from the folder when a client reads them, each
 * refused from its size alone when it has grown past the per-skill byte limit (`limits.bytes`) since.
 */
export function loadSkillFolder(folder: string, options: SkillCatalogOptions = {}): Promise<SkillCatalog> {
  const { nodeSkillFiles } = loadFeature('skillFolders');
  const { SkillsExtension, SKILL_LIMITS } = loadFeature('skills');
  const maxBytes = options.limits?.bytes ?? SKILL_LIMITS.bytes;
  return SkillsExtension.load(sizeCheckedSkillFiles(nodeSkillFiles(folder), folder, maxBytes), {
    strict: true,
    ...options,
  });
}
