import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DefaultTheme } from 'vitepress';

/** The sidebar typedoc-vitepress-theme writes beside the generated API pages (`npm run docs:api`). */
const GENERATED = fileURLToPath(new URL('../reference/api/typedoc-sidebar.json', import.meta.url));

/** The API pages' sidebar entries, or none when the API pages have not been generated. */
export function apiSidebar(): DefaultTheme.SidebarItem[] {
  if (!existsSync(GENERATED)) return [];
  return [
    { text: 'API', link: '/reference/api/', collapsed: true, items: JSON.parse(readFileSync(GENERATED, 'utf8')) },
  ];
}
