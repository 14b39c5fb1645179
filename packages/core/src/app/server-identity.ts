import type { Implementation } from '@modelcontextprotocol/server';
import { checkedUrl, checkIcons } from '../compiler/check-icons';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { AppModule } from './app-module';

/**
 * The server's `Implementation` as every answer's `serverInfo` carries it (initialize, server/discover,
 * each result's `_meta`): name, version, then the optional fields given, in one fixed key order so both
 * HTTP paths write the same bytes.
 */
export function serverIdentityOf(module: AppModule): Implementation {
  const where = `Module "${module.name}"`;
  const info: Implementation = { name: module.name, version: module.version };
  if (module.title) info.title = module.title;
  if (module.description !== undefined) {
    if (typeof module.description !== 'string')
      throw new InvalidConfigurationError(`${where}: description must be a string.`);
    info.description = module.description;
  }
  if (module.websiteUrl !== undefined) info.websiteUrl = checkedWebUrl(module.websiteUrl, `${where}: websiteUrl`);
  if (module.icons !== undefined) info.icons = checkIcons(module.icons, `${where}: icons`);
  return info;
}

function checkedWebUrl(value: unknown, where: string): string {
  return checkedUrl(value, where, ['https:', 'http:']);
}
