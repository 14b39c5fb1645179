import { mkdtempSync, mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { SkillCatalogError, SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import {
  createApp,
  InvalidConfigurationError,
  loadSkillFiles,
  Provider,
  silentLogger,
  Tool,
  type TesseraApp,
} from '@tessera/core';
import { describeApp } from '@tessera/core/advanced';
import { loadSkillFolder } from '@tessera/core/node';
import { envelopeOf } from './support/provision-call';

const SKILL_MD = `---
name: pdf-processing
description: Extract, fill and assemble PDF documents
---
Read references/FORMS.md before filling a form.
`;
const FORMS = '# Forms\nFill every field.\n';

@Provider()
class Tools {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello';
  }
}

let id = 0;
async function rpc(app: TesseraApp, method: string, params: Record<string, unknown> = {}) {
  const name = (params.uri ?? params.name) as string | undefined;
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(name !== undefined && method !== 'skills/get' && method !== 'resources/directory/read'
          ? { 'mcp-name': name }
          : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method,
        params: { ...params, _meta: envelopeOf('skills-test') },
      }),
    }),
  );
  return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe('module skills (SEP-2640, the SDK catalog)', () => {
  let app: TesseraApp;
  let skills: SkillsExtension;
  beforeAll(async () => {
    skills = await loadSkillFiles({
      'pdf-processing/SKILL.md': SKILL_MD,
      'pdf-processing/references/FORMS.md': FORMS,
    });
    app = createApp({ name: 's', version: '1', providers: [Tools], skills, logger: silentLogger });
  });
  afterAll(() => app.close());

  test("server/discover declares the extension next to resources and the app's own tools", async () => {
    const { result } = await rpc(app, 'server/discover');
    const caps = result!.capabilities as Record<string, unknown>;
    expect(caps.tools).toBeDefined();
    expect(caps.resources).toBeDefined();
    expect(caps.extensions).toMatchObject({ 'io.modelcontextprotocol/skills': {} });
  });

  test('skills/list gives each skill with its files, their digests and sizes', async () => {
    const { result } = await rpc(app, 'skills/list');
    const [skill] = result!.skills as Array<Record<string, unknown>>;
    expect(skill).toMatchObject({
      uri: 'skill://pdf-processing/SKILL.md',
      frontmatter: { name: 'pdf-processing', description: 'Extract, fill and assemble PDF documents' },
    });
    expect(skill.resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uri: 'skill://pdf-processing/SKILL.md',
          digest: sha256(SKILL_MD),
          size: Buffer.byteLength(SKILL_MD),
        }),
        expect.objectContaining({
          uri: 'skill://pdf-processing/references/FORMS.md',
          digest: sha256(FORMS),
          size: Buffer.byteLength(FORMS),
        }),
      ]),
    );
  });

  test('skills/get and a skill file read through resources/read; an unknown skill is -32602', async () => {
    const got = await rpc(app, 'skills/get', { uri: 'skill://pdf-processing/SKILL.md' });
    expect((got.result!.skill as { uri: string }).uri).toBe('skill://pdf-processing/SKILL.md');
    const read = await rpc(app, 'resources/read', { uri: 'skill://pdf-processing/references/FORMS.md' });
    expect((read.result!.contents as Array<{ text: string }>)[0].text).toBe(FORMS);
    const unknown = await rpc(app, 'skills/get', { uri: 'skill://nope/SKILL.md' });
    expect(unknown.error?.code).toBe(-32602);
  });

  test('the skills are served through the extensions seam, as one of the app’s extensions', () => {
    expect(describeApp(app).extensions).toEqual(['io.modelcontextprotocol/skills']);
    expect(describeApp(app).skills).toBe(true);
    // the seam holds the id: a module's own extension may not take it
    const again = { id: 'io.modelcontextprotocol/skills' };
    expect(() =>
      createApp({ name: 's', version: '1', providers: [Tools], skills, extensions: [again], logger: silentLogger }),
    ).toThrow('Module "s": extension "io.modelcontextprotocol/skills" is one Tessera serves itself');
  });

  test('the skill files are a resource template, and the app still serves its own tools', async () => {
    const { result } = await rpc(app, 'resources/templates/list');
    expect(result!.resourceTemplates).toEqual(
      expect.arrayContaining([expect.objectContaining({ uriTemplate: 'skill://{+path}' })]),
    );
    const call = await rpc(app, 'tools/call', { name: 'hello', arguments: {} });
    expect((call.result!.content as Array<{ text: string }>)[0].text).toBe('hello');
  });
});

describe('skills from a source that reads directories', () => {
  const source = {
    list: async () => ({ skills: [] }),
    get: async () => undefined,
    read: async () => undefined,
    readDirectory: async () => ({ resources: [] }),
  };

  test('the settings the SDK extension declares are advertised, and its methods served', async () => {
    const skills = new SkillsExtension({ source });
    const app = createApp({ name: 'd', version: '1', providers: [Tools], skills, logger: silentLogger });
    const { result } = await rpc(app, 'server/discover');
    const caps = result!.capabilities as Record<string, Record<string, unknown>>;
    expect(caps.extensions!['io.modelcontextprotocol/skills']).toEqual({ directoryRead: true });
    const listed = await rpc(app, 'skills/list');
    expect(listed.result?.skills).toEqual([]);
    const directory = await rpc(app, 'resources/directory/read', { uri: 'skill://pdf/' });
    expect(directory.result?.resources).toEqual([]);
    await app.close();
  });
});

describe("a bad skill is refused at start-up, with the catalog's own message", () => {
  test.each([
    ['frontmatter without a description', { 'pdf/SKILL.md': '---\nname: pdf\n---\nbody\n' }, /description/],
    ["a name that is not the folder's", { 'pdf/SKILL.md': '---\nname: other\ndescription: d\n---\n' }, /pdf/],
    ['no frontmatter at all', { 'pdf/SKILL.md': 'just text\n' }, /frontmatter/i],
  ])('%s', async (_what, files, message) => {
    const loading = loadSkillFiles(files);
    await expect(loading).rejects.toThrow(SkillCatalogError);
    await expect(loadSkillFiles(files)).rejects.toThrow(message);
  });

  test('a skill over the size limit', async () => {
    const files = { 'pdf/SKILL.md': SKILL_MD.replace('pdf-processing', 'pdf'), 'pdf/big.txt': 'x'.repeat(64) };
    await expect(loadSkillFiles(files, { limits: { bytes: 32 } })).rejects.toThrow(SkillCatalogError);
  });

  describe('from a folder', () => {
    let root: string;
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'skills-'));
      mkdirSync(join(root, 'pdf'));
      writeFileSync(join(root, 'pdf', 'SKILL.md'), '---\nname: pdf\ndescription: PDFs\n---\n');
      writeFileSync(join(root, 'outside.txt'), 'secret');
      symlinkSync(join(root, 'outside.txt'), join(root, 'pdf', 'link.txt'));
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    test('a skill holding a symlink', async () => {
      await expect(loadSkillFolder(root)).rejects.toThrow(SkillCatalogError);
      await expect(loadSkillFolder(root)).rejects.toThrow(/pdf/);
    });
  });

  describe('a file that grew past the limit after start-up', () => {
    let root: string;
    let app: TesseraApp;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'tessera-skills-'));
      mkdirSync(join(root, 'pdf-processing', 'references'), { recursive: true });
      writeFileSync(join(root, 'pdf-processing', 'SKILL.md'), SKILL_MD);
      writeFileSync(join(root, 'pdf-processing', 'references', 'FORMS.md'), FORMS);
      const skills = await loadSkillFolder(root, { limits: { bytes: 4096 } });
      app = createApp({ name: 's', version: '1', providers: [Tools], skills, logger: silentLogger });
    });
    afterAll(async () => {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    });

    test('is refused from its size, not read and served', async () => {
      const uri = 'skill://pdf-processing/references/FORMS.md';
      expect((await rpc(app, 'resources/read', { uri })).result).toBeDefined();
      truncateSync(join(root, 'pdf-processing', 'references', 'FORMS.md'), 64 * 1024 * 1024); // sparse: no disk used
      // the SDK's folder adapter reads through a FileHandle: none may read the grown file
      const handle = await open(join(root, 'pdf-processing', 'SKILL.md'));
      const readFile = jest.spyOn(Object.getPrototypeOf(handle) as { readFile(): Promise<Buffer> }, 'readFile');
      await handle.close();
      try {
        const read = await rpc(app, 'resources/read', { uri });
        expect(read.result).toBeUndefined();
        expect(read.error).toBeDefined();
        expect(readFile).not.toHaveBeenCalled();
      } finally {
        readFile.mockRestore();
      }
    });
  });

  test('a module whose skills are not the SDK extension', () => {
    expect(() =>
      createApp({ name: 's', version: '1', providers: [Tools], skills: {} as never, logger: silentLogger }),
    ).toThrow(InvalidConfigurationError);
  });
});
