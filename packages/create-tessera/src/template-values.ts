import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the template files are, next to dist/ in the package (and in the repository). */
export const TEMPLATE_DIR = path.join(__dirname, '..', 'template');

/**
 * The versions a new project depends on: the Tessera packages at this scaffolder's own version (they are released
 * together), and the peer dependencies at the ranges `@tessera/core` and `@tessera/testing` declare.
 */
export const PEER_RANGES: Readonly<Record<string, string>> = {
  '@modelcontextprotocol/server': '^2.4.0',
  '@modelcontextprotocol/node': '^2.1.2',
  '@modelcontextprotocol/client': '^2.4.0',
  'class-transformer': '^0.5.1',
  'class-validator': '^0.15.1',
  'reflect-metadata': '^0.2.2',
  tsyringe: '^4.10.0',
};

export function scaffolderVersion(): string {
  return (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** Replaces the template's placeholders: `__PROJECT_NAME__`, `__TESSERA_VERSION__` and `__PEER_<package>__`. */
export function fillTemplate(text: string, values: { name: string; version: string }): string {
  return text
    .replaceAll('__PROJECT_NAME__', values.name)
    .replaceAll('__TESSERA_VERSION__', values.version)
    .replace(/__PEER_([@a-z0-9/._-]+?)__/g, (_match, name: string) => {
      const range = PEER_RANGES[name];
      if (range === undefined)
        throw new Error(`create-tessera: the template names an unknown peer dependency "${name}"`);
      return range;
    });
}
