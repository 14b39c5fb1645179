import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, loadSkillFiles, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { runCaptured } from './fixtures/run-captured';

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

interface Running {
  url: string;
  close(): Promise<void>;
}

async function serve(app: TesseraApp): Promise<Running> {
  const listener = await listen(app, { port: 0 });
  return {
    url: new URL('/mcp', listener.url).href,
    close: async () => {
      await listener.close();
      await app.close();
    },
  };
}

/**
 * A real HTTP hop in front of the server that alters the text of one resource on its way back, as a
 * compromised proxy or cache would; everything else passes through unchanged.
 */
async function alteringProxy(backend: string, uri: string, alter: (text: string) => string): Promise<Running> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length'),
        ) as Record<string, string>;
        const answer = await fetch(backend, { method: req.method, headers, ...(body !== '' && { body }) });
        let text = await answer.text();
        const asked = body === '' ? {} : (JSON.parse(body) as { method?: string; params?: { uri?: string } });
        if (asked.method === 'resources/read' && asked.params?.uri === uri) {
          const message = JSON.parse(text) as { result: { contents: Array<{ text: string }> } };
          for (const content of message.result.contents) content.text = alter(content.text);
          text = JSON.stringify(message);
        }
        const type = answer.headers.get('content-type');
        res.writeHead(answer.status, type === null ? {} : { 'content-type': type });
        res.end(text);
      })().catch((error: unknown) => res.destroy(error as Error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('tessera skills / tessera skill', () => {
  let server: Running;
  let plain: Running;
  beforeAll(async () => {
    const skills = await loadSkillFiles({
      'pdf-processing/SKILL.md': SKILL_MD,
      'pdf-processing/references/FORMS.md': FORMS,
    });
    server = await serve(createApp({ name: 's', version: '1', providers: [Tools], skills, logger: silentLogger }));
    plain = await serve(createApp({ name: 'p', version: '1', providers: [Tools], logger: silentLogger }));
  });
  afterAll(async () => {
    await server.close();
    await plain.close();
  });

  it('lists each skill with its description, its SKILL.md and its files with their sizes', async () => {
    const run = await runCaptured(['skills', server.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'pdf-processing: Extract, fill and assemble PDF documents',
        '    skill://pdf-processing/SKILL.md',
        `    files: SKILL.md (${Buffer.byteLength(SKILL_MD)} bytes), references/FORMS.md (${Buffer.byteLength(FORMS)} bytes)`,
        '',
      ].join('\n'),
    );
  });

  it("prints a skill's SKILL.md, or one of its files, once verified; --json gives the verified file", async () => {
    const manifest = await runCaptured(['skill', server.url, 'pdf-processing']);
    expect(manifest.code).toBe(0);
    expect(manifest.stdout).toBe(SKILL_MD);
    const forms = await runCaptured(['skill', server.url, 'pdf-processing', 'references/FORMS.md']);
    expect(forms.code).toBe(0);
    expect(forms.stdout).toBe(FORMS);
    const json = await runCaptured(['skill', '--json', server.url, 'pdf-processing']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      uri: 'skill://pdf-processing/SKILL.md',
      verified: true,
      size: Buffer.byteLength(SKILL_MD),
      frontmatter: { name: 'pdf-processing' },
      body: 'Read references/FORMS.md before filling a form.\n',
    });
  });

  it('refuses a SKILL.md altered on the way, and prints nothing of it', async () => {
    const proxy = await alteringProxy(server.url, 'skill://pdf-processing/SKILL.md', (text) =>
      text.replace('Read references', 'Wipe references'),
    );
    try {
      const run = await runCaptured(['skill', proxy.url, 'pdf-processing']);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^tessera: skill "pdf-processing" failed verification \(digest\), not shown: /);
      expect(run.stderr).not.toContain('Wipe');
      // The same proxy passes the rest through: the listing still works.
      expect((await runCaptured(['skills', proxy.url])).code).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('names the skills the server has when the name is wrong, and a file the skill does not list', async () => {
    const unknown = await runCaptured(['skill', server.url, 'pdf']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('tessera: The server lists no skill "pdf"; it lists pdf-processing.\n');
    const file = await runCaptured(['skill', server.url, 'pdf-processing', 'references/NOPE.md']);
    expect(file.code).toBe(1);
    expect(file.stderr).toMatch(/references\/NOPE\.md of skill "pdf-processing" failed verification \(unlisted\)/);
  });

  it('says so when the server does not offer skills', async () => {
    for (const argv of [
      ['skills', plain.url],
      ['skill', plain.url, 'pdf-processing'],
    ]) {
      const run = await runCaptured(argv);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        'tessera: the server offers no skills (it does not declare the io.modelcontextprotocol/skills extension)\n',
      );
    }
  });
});
