import type { InvalidSkillEntry, Skill, SkillFile } from '@tessera/client';

/** A file's name inside its skill (`references/FORMS.md`), or its whole URI when it lies elsewhere. */
function relative(skill: Skill, uri: string): string {
  const root = skill.uri.slice(0, skill.uri.lastIndexOf('/') + 1);
  return uri.startsWith(root) ? uri.slice(root.length) : uri;
}

const bytes = (size: number): string => `${size} byte${size === 1 ? '' : 's'}`;

/** Each skill: its name and description, its SKILL.md URI, and its files with their sizes. */
export function formatSkills(skills: readonly Skill[], invalid: readonly InvalidSkillEntry[]): string {
  const lines = skills.flatMap((skill) => [
    `${skill.frontmatter.name}: ${skill.frontmatter.description}`,
    `    ${skill.uri}`,
    skill.resources === 'dynamic'
      ? '    files: served on demand (dynamic, not verifiable)'
      : `    files: ${skill.resources.map((f) => `${relative(skill, f.uri)} (${bytes(f.size)})`).join(', ')}`,
  ]);
  const refused = invalid.map((e) => `refused (invalid entry #${e.index}${e.uri ? ` ${e.uri}` : ''}): ${e.reason}`);
  return [...(lines.length === 0 ? ['no skills'] : lines), ...refused].join('\n');
}

/** A verified skill file as text: its text, or what it is when binary. */
export function formatSkillFile(file: SkillFile): string {
  if (file.text !== undefined) return file.text.replace(/\n$/, '');
  return `[binary ${file.uri}, ${file.mimeType ?? 'no media type'}, ${bytes(file.bytes.byteLength)}]`;
}

/** The --json form: the file's fields, its bytes as base64 when it is not text. */
export function skillFileJson(file: SkillFile): Record<string, unknown> {
  const { bytes: raw, ...rest } = file;
  return {
    ...rest,
    size: raw.byteLength,
    ...(file.text === undefined && { blob: Buffer.from(raw).toString('base64') }),
  };
}
