import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** `client.skills.read(name)` named a skill the server does not list (by its frontmatter name or its URI). */
export class UnknownSkillError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.UnknownSkill;

  constructor(
    readonly skill: string,
    /** The names of the skills the server lists. */
    readonly available: readonly string[],
  ) {
    super(
      TesseraClientErrorCode.UnknownSkill,
      `The server lists no skill "${skill}"; ` +
        (available.length === 0 ? 'it lists no skills at all.' : `it lists ${available.join(', ')}.`),
    );
  }
}
