import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FleetNginxSettings } from './fleet-nginx-config';

/** The docs page showing the nginx block a hand-written config needs (it was the README's deployment section). */
export const README = resolve(__dirname, '..', '..', '..', '..', 'docs', 'serving', 'several-instances.md');

/** The page's title: the page holds the hand-written nginx block. */
const SECTION = '# Several instances';

/**
 * The nginx block of the README's deployment section, as a user would copy it, with only the addresses changed:
 * its `server` lines become one per instance (keeping the README's parameters, e.g. `max_fails=0`) and its
 * `listen` the given address. Everything else is the README's text, so a check run through it fails when the
 * README stops saying what works. Throws, naming what is missing, when the README no longer has the block.
 */
export function readmeNginxConfig(settings: FleetNginxSettings, readme = readFileSync(README, 'utf8')): string {
  const block = readmeNginxBlock(readme);
  const servers = [...block.matchAll(/^([ \t]*)server[ \t]+[^\s;]+:\d+([^;\n]*);[^\n]*$/gm)];
  if (servers.length === 0) throw new Error(`README ${SECTION}: the nginx block has no "server host:port;" line`);
  const params = new Set(servers.map((m) => m[2].trim()));
  if (params.size !== 1)
    throw new Error(
      `README ${SECTION}: the nginx server lines differ in their parameters (${[...params].join(' | ')})`,
    );
  const [first] = servers;
  const indent = first[1];
  const param = [...params][0];
  const lines = settings.upstreams.map((u) => `${indent}server ${u}${param ? ` ${param}` : ''};`).join('\n');
  // the README's server lines replaced by ours, in the place of the first one
  let config = block.replace(first[0], lines);
  for (const extra of servers.slice(1)) config = config.replace(`${extra[0]}\n`, '');
  const listens = [...config.matchAll(/^([ \t]*)listen[ \t]+[^;\n]+;/gm)];
  if (listens.length !== 1)
    throw new Error(`README ${SECTION}: the nginx block needs exactly one listen line, it has ${listens.length}`);
  config = config.replace(listens[0][0], `${listens[0][1]}listen ${settings.listen};`);
  return `access_log ${settings.accessLog};\n${config}`;
}

/** The one ```nginx block of the README's deployment section, its indentation removed. */
export function readmeNginxBlock(readme: string): string {
  const start = readme.startsWith(`${SECTION}\n`) ? 0 : readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`README: no "${SECTION}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/^([ \t]*)```nginx\n([\s\S]*?)^[ \t]*```$/gm)];
  if (blocks.length !== 1) throw new Error(`README ${SECTION}: expected one \`\`\`nginx block, found ${blocks.length}`);
  const [, indent, body] = blocks[0];
  return body
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}
