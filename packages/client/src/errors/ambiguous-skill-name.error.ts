import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** Several skills the server lists share the name given to `client.skills.read(name)`: pass one's URI instead. */
export class AmbiguousSkillNameError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.AmbiguousSkillName;

  constructor(
    readonly skill: string,
    /** The `SKILL.md` URIs of the skills named so. */
    readonly uris: readonly string[],
  ) {
    super(
      TesseraClientErrorCode.AmbiguousSkillName,
      `${uris.length} skills are named "${skill}" (${uris.join(', ')}); read one by its URI.`,
    );
  }
}
