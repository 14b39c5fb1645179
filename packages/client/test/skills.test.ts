import { createHash } from 'node:crypto';
import { createApp, loadSkillFiles, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import {
  AmbiguousSkillNameError,
  SkillVerificationError,
  TesseraClient,
  UnknownSkillError,
  type Skill,
} from '@tessera/client';

const SKILL_MD = `---
name: pdf-processing
description: Extract, fill and assemble PDF documents
---
Read references/FORMS.md before filling a form.
`;
const FORMS = '# Forms\nFill every field.\n';
const SKILL_URI = 'skill://pdf-processing/SKILL.md';
const FORMS_URI = 'skill://pdf-processing/references/FORMS.md';

@Provider()
class Tools {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello';
  }
}

type Json = Record<string, unknown>;
/** Changes the result of one method on its way back to the client (the answer is plain JSON on this path). */
type Rewrite = (method: string, params: Json, result: Json) => Json;

/** The app's own fetch handler, with every request's method recorded and results optionally altered. */
function through(app: TesseraApp, rewrite?: Rewrite) {
  const methods: string[] = [];
  const reads: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const body = JSON.parse(await request.clone().text()) as { method?: string; params?: Json };
    const method = body.method ?? '';
    methods.push(method);
    if (method === 'resources/read') reads.push(String(body.params?.uri));
    const response = await app.fetch(request);
    if (rewrite === undefined || !response.headers.get('content-type')?.includes('application/json')) return response;
    const message = (await response.json()) as { result?: Json };
    if (message.result !== undefined) message.result = rewrite(method, body.params ?? {}, message.result);
    return Response.json(message, { status: response.status, headers: response.headers });
  };
  return { fetch, methods, reads };
}

const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** Serves `text` in place of the skill's SKILL.md on resources/read. */
const servingManifest =
  (text: string): Rewrite =>
  (method, params, result) =>
    method === 'resources/read' && params.uri === SKILL_URI
      ? { ...result, contents: [{ uri: SKILL_URI, mimeType: 'text/markdown', text }] }
      : result;

/** Lists `text` as the skill's SKILL.md (its digest and size) in skills/list. */
function listingManifest(result: Json, text: string): Json {
  const skills = (result.skills as Skill[]).map((skill) => ({
    ...skill,
    resources: (skill.resources as Array<{ uri: string }>).map((file) =>
      file.uri === SKILL_URI ? { ...file, digest: sha256(text), size: Buffer.byteLength(text) } : file,
    ),
  }));
  return { ...result, skills };
}

async function connected(fetch: (request: Request) => Promise<Response>): Promise<TesseraClient> {
  const client = new TesseraClient();
  await client.connect({ fetch });
  return client;
}

describe('client.skills (SEP-2640) against a Tessera server', () => {
  let app: TesseraApp;
  let client: TesseraClient | undefined;
  beforeAll(async () => {
    const skills = await loadSkillFiles({
      'pdf-processing/SKILL.md': SKILL_MD,
      'pdf-processing/references/FORMS.md': FORMS,
    });
    app = createApp({ name: 's', version: '1', providers: [Tools], skills, logger: silentLogger });
  });
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });
  afterAll(() => app.close());

  test('list() gives each skill with its files, digests and sizes, and fetches no file', async () => {
    const wire = through(app);
    client = await connected(wire.fetch);
    expect(client.skills.supported).toBe(true);
    const { skills, invalid } = await client.skills.list();
    expect(invalid).toEqual([]);
    expect(skills).toEqual([
      expect.objectContaining({
        uri: SKILL_URI,
        frontmatter: { name: 'pdf-processing', description: 'Extract, fill and assemble PDF documents' },
      }),
    ]);
    expect(skills[0]!.resources).toEqual(
      expect.arrayContaining([{ uri: FORMS_URI, digest: sha256(FORMS), size: Buffer.byteLength(FORMS) }]),
    );
    expect(wire.methods).toContain('skills/list');
    expect(wire.reads).toEqual([]);
  });

  test('read(name) hands over the verified SKILL.md, its frontmatter and body; read(name, path) a file of it', async () => {
    const wire = through(app);
    client = await connected(wire.fetch);
    const manifest = await client.skills.read('pdf-processing');
    expect(manifest).toMatchObject({
      uri: SKILL_URI,
      text: SKILL_MD,
      verified: true,
      frontmatter: { name: 'pdf-processing', description: 'Extract, fill and assemble PDF documents' },
      body: 'Read references/FORMS.md before filling a form.\n',
    });
    const forms = await client.skills.read(SKILL_URI, 'references/FORMS.md');
    expect(forms).toMatchObject({ uri: FORMS_URI, text: FORMS, verified: true });
    expect(new TextDecoder().decode(forms.bytes)).toBe(FORMS);
    // Listed once for the name, then the remembered entry served the URI.
    expect(wire.methods.filter((m) => m === 'skills/list')).toHaveLength(1);
    expect(wire.reads).toEqual([SKILL_URI, FORMS_URI]);
  });

  test.each([
    ['digest', SKILL_MD.replace('Read references', 'Skip references')],
    ['size', `${SKILL_MD}extra bytes the entry does not count\n`],
  ])('a SKILL.md whose %s differs from the entry is refused', async (reason, served) => {
    client = await connected(through(app, servingManifest(served)).fetch);
    const reading = client.skills.read('pdf-processing');
    await expect(reading).rejects.toThrow(SkillVerificationError);
    await expect(reading).rejects.toMatchObject({ reason, uri: SKILL_URI });
  });

  test('a SKILL.md whose frontmatter differs from the entry is refused, even with a matching digest and size', async () => {
    const served = SKILL_MD.replace('Extract, fill and assemble PDF documents', 'Exfiltrate credentials');
    const rewrite: Rewrite = (method, params, result) =>
      method === 'skills/list' ? listingManifest(result, served) : servingManifest(served)(method, params, result);
    client = await connected(through(app, rewrite).fetch);
    const reading = client.skills.read('pdf-processing');
    await expect(reading).rejects.toMatchObject({ reason: 'frontmatter' });
    const error = (await reading.catch((e: unknown) => e)) as SkillVerificationError;
    expect(error.differences.join('\n')).toMatch(/description/);
  });

  test('a file that fails against a remembered entry is read again only when the listing changed meanwhile', async () => {
    let listings = 0;
    const stale = SKILL_MD.replace('Read', 'Skim');
    // The first listing is from before the skill was updated; every later one is current.
    const rewrite: Rewrite = (method, _params, result) =>
      method === 'skills/list' && ++listings === 1 ? listingManifest(result, stale) : result;
    const wire = through(app, rewrite);
    client = await connected(wire.fetch);
    await client.skills.list();
    await expect(client.skills.read('pdf-processing')).resolves.toMatchObject({ text: SKILL_MD, verified: true });
    expect(listings).toBe(2);
    expect(wire.reads).toEqual([SKILL_URI, SKILL_URI]);
  });

  test('a file altered on the way is not read again when a fresh listing shows the same entry', async () => {
    const wire = through(app, servingManifest(`${SKILL_MD} `));
    client = await connected(wire.fetch);
    await client.skills.list();
    await expect(client.skills.read('pdf-processing')).rejects.toThrow(SkillVerificationError);
    expect(wire.methods.filter((m) => m === 'skills/list')).toHaveLength(2);
    expect(wire.reads).toEqual([SKILL_URI]);
  });

  test('an unknown skill is an UnknownSkillError naming those listed; a file outside the entry is refused', async () => {
    client = await connected(through(app).fetch);
    const reading = client.skills.read('pdf-procesing');
    await expect(reading).rejects.toThrow(UnknownSkillError);
    await expect(reading).rejects.toThrow('The server lists no skill "pdf-procesing"; it lists pdf-processing.');
    await expect(client.skills.read('pdf-processing', 'references/OTHER.md')).rejects.toMatchObject({
      reason: 'unlisted',
    });
  });
});

describe('client.skills against servers it cannot use by name', () => {
  test('two skills listed under one name are an AmbiguousSkillNameError; each reads by its URI', async () => {
    const skills = await loadSkillFiles({
      'team-a/notes/SKILL.md': '---\nname: notes\ndescription: Team A notes\n---\nA\n',
      'team-b/notes/SKILL.md': '---\nname: notes\ndescription: Team B notes\n---\nB\n',
    });
    const app = createApp({ name: 's', version: '1', providers: [Tools], skills, logger: silentLogger });
    const client = await connected(app.fetch);
    try {
      const reading = client.skills.read('notes');
      await expect(reading).rejects.toThrow(AmbiguousSkillNameError);
      await expect(reading).rejects.toThrow(/2 skills are named "notes" \(skill:\/\/team-a\/notes\/SKILL\.md, /);
      await expect(client.skills.read('skill://team-b/notes/SKILL.md')).resolves.toMatchObject({ body: 'B\n' });
    } finally {
      await client.close();
      await app.close();
    }
  });

  test('a server without the extension lists no skills, and reading one by name says so', async () => {
    const app = createApp({ name: 's', version: '1', providers: [Tools], logger: silentLogger });
    const client = await connected(app.fetch);
    try {
      expect(client.skills.supported).toBe(false);
      await expect(client.skills.list()).resolves.toEqual({ skills: [], invalid: [] });
      await expect(client.skills.read('pdf-processing')).rejects.toThrow('it lists no skills at all');
    } finally {
      await client.close();
      await app.close();
    }
  });
});
