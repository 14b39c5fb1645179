import { SkillVerificationError, UnknownSkillError, type TesseraClient } from '@tessera/client';
import { CliError } from '../errors/cli-error';
import { formatSkillFile, formatSkills, skillFileJson } from '../output/format-skills';
import type { CommandOutput } from './command-output';

function requireSkills(client: TesseraClient): void {
  if (!client.skills.supported)
    throw new CliError(
      'the server offers no skills (it does not declare the io.modelcontextprotocol/skills extension)',
    );
}

/** `tessera skills`: the catalog, no file fetched; entries the client refused as invalid are listed as such. */
export async function listSkills(client: TesseraClient): Promise<CommandOutput> {
  requireSkills(client);
  const listing = await client.skills.list();
  return { raw: listing, text: formatSkills(listing.skills, listing.invalid) };
}

/** `tessera skill NAME [FILE]`: one file of the skill, printed only once the client verified it. */
export async function readSkill(client: TesseraClient, name: string, file: string | undefined): Promise<CommandOutput> {
  requireSkills(client);
  const { invalid } = await client.skills.list();
  try {
    const read = await client.skills.read(name, file);
    return { raw: skillFileJson(read), text: formatSkillFile(read) };
  } catch (error) {
    if (error instanceof SkillVerificationError) {
      const what = file === undefined ? `skill "${name}"` : `${file} of skill "${name}"`;
      throw new CliError(`${what} failed verification (${error.reason}), not shown: ${error.message}`);
    }
    if (error instanceof UnknownSkillError && invalid.length > 0) {
      const refused = invalid.map((e) => e.uri ?? `#${e.index}`).join(', ');
      throw new CliError(`${error.message} (refused as invalid: ${refused})`);
    }
    throw error;
  }
}
