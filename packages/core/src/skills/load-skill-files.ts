import type { SkillCatalog, SkillCatalogOptions } from '@modelcontextprotocol/server/ext/skills';
import { loadFeature } from '../loading/load-feature';

/**
 * A skill catalog (SEP-2640) from files kept in memory, keyed by path (`pdf/SKILL.md`,
 * `pdf/references/FORMS.md`), for the module's `skills`. Strict unless told otherwise: a skill with bad
 * frontmatter, over the size limits or otherwise unservable is refused here with the catalog's own message
 * (a `SkillCatalogError` listing each problem), instead of being skipped with a warning.
 */
export function loadSkillFiles(
  files: Record<string, string | Uint8Array>,
  options: SkillCatalogOptions = {},
): Promise<SkillCatalog> {
  const { SkillsExtension, memorySkillFiles } = loadFeature('skills');
  return SkillsExtension.load(memorySkillFiles(files), { strict: true, ...options });
}
