import type { CacheableRequestOptions, Client as SdkClient, RequestOptions } from '@modelcontextprotocol/client';
import {
  SkillsClient,
  SkillVerificationError,
  type DirectoryResource,
  type Skill,
  type SkillCacheScope,
  type SkillFile,
  type SkillListing,
  type SkillsClientOptions,
} from '@modelcontextprotocol/client/ext/skills';
import { AmbiguousSkillNameError } from '../errors/ambiguous-skill-name.error';
import { UnknownSkillError } from '../errors/unknown-skill.error';

/**
 * A server's agent skills (SEP-2640), on the SDK's own `SkillsClient`: `list()` fetches the catalog and no
 * file; `read()` fetches one file of a skill and hands it over only after the SDK verified it against the
 * skill's entry (listed, size, SHA-256 digest, and for `SKILL.md` the frontmatter), else throws its
 * `SkillVerificationError`. Skills are named by their frontmatter `name` or their `SKILL.md` URI; the entries
 * of the last listing are kept for that.
 */
export class ClientSkills {
  readonly sdk: SkillsClient;
  /** The entries of the last full listing, to find a skill by name without listing again. */
  private entries: Skill[] | undefined;

  constructor(client: SdkClient, options: SkillsClientOptions = {}) {
    this.sdk = new SkillsClient(client, options);
  }

  /** The server declares the Skills extension (`io.modelcontextprotocol/skills`); false before connect. */
  get supported(): boolean {
    return this.sdk.supported;
  }

  /**
   * Every skill the server lists, every page walked, with no file fetched. A server without the extension
   * lists none. Invalid entries throw the SDK's error naming each, unless the client was given
   * `skills: { skipInvalid: true }` (they are then in `invalid`).
   */
  async list(options?: RequestOptions): Promise<SkillListing> {
    // Checked here: the SDK would also say so on the console.
    if (!this.sdk.supported) return { skills: [], invalid: [] };
    const listing = await this.sdk.list({}, options);
    this.entries = listing.skills;
    return listing;
  }

  /** The listed entry of a skill, by frontmatter `name` or `SKILL.md` URI; lists the skills if the last listing lacks it. */
  async find(skill: string, options?: RequestOptions): Promise<Skill> {
    const known = this.entries !== undefined ? match(this.entries, skill) : undefined;
    if (known !== undefined) return known;
    const { skills } = await this.list(options);
    const listed = match(skills, skill);
    if (listed !== undefined) return listed;
    throw new UnknownSkillError(skill, [...new Set(skills.map((s) => s.frontmatter.name))]);
  }

  /**
   * Reads one file of a skill and verifies it (see the class): `ref` is a path inside the skill
   * (`references/FORMS.md`) or an absolute URI, by default the skill's own `SKILL.md`. `skill` is a name, a
   * `SKILL.md` URI, or an entry from `list()`. When a file fails verification against an entry remembered
   * from an earlier listing, the skill is listed once more, and read again only if its entry changed
   * meanwhile (a skill updated on the server, not a file altered on the way).
   *
   * @throws {SkillVerificationError} when a check fails.
   * @throws {UnknownSkillError} when the server lists no such skill.
   */
  async read(skill: string | Skill, ref?: string, options?: CacheableRequestOptions): Promise<SkillFile> {
    if (typeof skill !== 'string') return this.sdk.read(skill, ref, options);
    const remembered = this.entries !== undefined ? match(this.entries, skill) : undefined;
    const entry = remembered ?? (await this.find(skill, options));
    try {
      return await this.sdk.read(entry, ref, options);
    } catch (error) {
      if (remembered === undefined || !(error instanceof SkillVerificationError)) throw error;
      const fresh = match((await this.list(options)).skills, skill);
      if (fresh === undefined || sameEntry(fresh, remembered)) throw error;
      return this.sdk.read(fresh, ref, options);
    }
  }

  /** One skill's entry straight from the server (`skills/get`), listed or not. */
  get(uri: string, options?: RequestOptions): Promise<{ skill: Skill; ttlMs?: number; cacheScope?: SkillCacheScope }> {
    return this.sdk.get(uri, options);
  }

  /** The direct children of a skill directory (`resources/directory/read`), when the server serves it. */
  readDirectory(uri: string, options?: RequestOptions): Promise<{ resources: DirectoryResource[] }> {
    return this.sdk.readDirectory(uri, options);
  }
}

function match(skills: readonly Skill[], skill: string): Skill | undefined {
  const byUri = skills.find((s) => s.uri === skill);
  if (byUri !== undefined) return byUri;
  const named = skills.filter((s) => s.frontmatter.name === skill);
  if (named.length > 1)
    throw new AmbiguousSkillNameError(
      skill,
      named.map((s) => s.uri),
    );
  return named[0];
}

function sameEntry(a: Skill, b: Skill): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
