import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SkillFiles } from '@modelcontextprotocol/server/ext/skills';

/**
 * The SDK's folder adapter with a size check before each read: a file replaced after start-up by one over
 * the catalog's per-skill byte limit is refused from its size, not read whole first (the adapter reads a
 * file at once, whatever its size). A path that would leave the folder goes to the adapter unchecked, which
 * refuses it.
 */
export function sizeCheckedSkillFiles(files: SkillFiles, folder: string, maxBytes: number): SkillFiles {
  const base = path.resolve(folder);
  return {
    list: (dir) => files.list(dir),
    async read(relative) {
      const full = path.resolve(base, ...relative.split('/'));
      if (full.startsWith(base + path.sep)) {
        const { size } = await stat(full);
        if (size > maxBytes)
          throw new Error(`${relative} is ${size} bytes, over the skill size limit of ${maxBytes} bytes`);
      }
      return files.read(relative);
    },
  };
}
