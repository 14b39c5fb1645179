import type { Icon } from '@modelcontextprotocol/server';
import { checkOneOf, checkOptions } from '../errors/definition/check-options';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';

const ICON_KEYS = { src: true, mimeType: true, sizes: true, theme: true } as const satisfies Record<keyof Icon, true>;
const THEMES = ['light', 'dark'];

/** A list of icons as the protocol shapes them: each a `src` URL (https, http or data:), unknown keys refused. */
export function checkIcons(icons: unknown, where: string): Icon[] {
  if (!Array.isArray(icons)) throw new InvalidConfigurationError(`${where} must be an array of { src, ... }.`);
  icons.forEach((icon: unknown, i) => {
    const at = `${where}[${i}]`;
    checkOptions(icon, ICON_KEYS, at);
    const { src, mimeType, sizes, theme } = icon as Icon;
    checkedUrl(src, `${at}.src`, ['https:', 'http:', 'data:']);
    if (mimeType !== undefined && typeof mimeType !== 'string')
      throw new InvalidConfigurationError(`${at}.mimeType must be a string (image/png, ...).`);
    if (sizes !== undefined && !(Array.isArray(sizes) && sizes.every((s) => typeof s === 'string')))
      throw new InvalidConfigurationError(`${at}.sizes must be an array of strings ("48x48", "any").`);
    if (theme !== undefined) checkOneOf(theme, THEMES, `${at}.theme`);
  });
  return icons as Icon[];
}

/** `value` when it is a URL of one of `schemes` (`https:`, ...); refused naming `where` otherwise. */
export function checkedUrl(value: unknown, where: string, schemes: readonly string[]): string {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !schemes.includes(url.protocol))
    throw new InvalidConfigurationError(
      `${where} must be a URL (${schemes.join(' ')}), got ${JSON.stringify(value) ?? String(value)}.`,
    );
  return value as string;
}
