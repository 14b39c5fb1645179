import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEveryFieldServer } from './fixtures/every-field.app';
import { runCaptured } from './fixtures/run-captured';

/** A loopback port nothing listens on: one the OS just handed out and we released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const goodSignup = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  age: 36,
  newsletter: true,
  plan: 'pro',
  topics: ['mcp', 'ops'],
  start: '2026-07-28',
};

describe('tessera without a terminal (answers file, errors, output)', () => {
  let server: Awaited<ReturnType<typeof startEveryFieldServer>>;
  let dir: string;
  const answers = (content: unknown): string => {
    const path = join(dir, `answers-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };

  beforeAll(async () => {
    server = await startEveryFieldServer();
    dir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the tools with their arguments', async () => {
    const run = await runCaptured(['tools', server.url]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('signup: Sign up: one form with every kind of field');
    expect(run.stdout).toContain('count: Counts to three, reporting progress');
  });

  it('answers every field kind from --answers, by question key, and echoes each answer it sent', async () => {
    const run = await runCaptured(['call', '--answers', answers({ signup: goodSignup }), server.url, 'signup']);
    expect(run.stderr).toBe(`[signup] Tell us about you accept ${JSON.stringify(goodSignup)} (from --answers)\n`);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`signed up: ${JSON.stringify(goodSignup)}`);
  });

  it('prints the raw result with --json', async () => {
    const run = await runCaptured([
      'call',
      '--json',
      '--answers',
      answers({ signup: 'decline' }),
      server.url,
      'signup',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: 'no signup: decline' }] });
  });

  it('names the question when it has no answer and there is no terminal', async () => {
    const bare = await runCaptured(['call', server.url, 'signup']);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toBe(
      'tessera: question "signup" ("Tell us about you") has no answer: stdin is not a terminal and no --answers file was given\n',
    );
    const other = await runCaptured(['call', '--answers', answers({ other: 'decline' }), server.url, 'signup']);
    expect(other.stderr).toContain(
      'question "signup" ("Tell us about you") has no answer: stdin is not a terminal and the answers file has no "signup" entry',
    );
  });

  it('refuses an answer that fails the field, naming the question and the field', async () => {
    const run = await runCaptured([
      'call',
      '--answers',
      answers({ signup: { ...goodSignup, email: 'ada' } }),
      server.url,
      'signup',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'tessera: the answer to question "signup" ("Tell us about you"): field "email" must be an email address (name@example.com)\n',
    );
  });

  it('gives URL-mode consent from the answers file', async () => {
    const run = await runCaptured(['call', '--answers', answers({ login: 'accept' }), server.url, 'docs']);
    expect(run.stdout.trim()).toBe('login: accept');
    expect(run.stderr).toBe('[login] Sign in to read the docs accept (from --answers)\n');
  });

  it('answers sampling with --sampling-command (request JSON on stdin), or refuses it clearly', async () => {
    const command = `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log('echo of '+JSON.parse(s).messages[0].content.text))"`;
    const answered = await runCaptured(['call', '--sampling-command', command, server.url, 'haiku']);
    expect(answered.stdout.trim()).toBe('haiku: echo of A haiku on MCP');
    // shown before it is sent (without a terminal there is nobody to ask, so it goes)
    expect(answered.stderr).toBe('tessera sends this sampling answer: "echo of A haiku on MCP"\n');
    const refused = await runCaptured(['call', server.url, 'haiku']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'tessera: the server asks for an LLM completion (question "poem"), and tessera answers sampling only with --sampling-command <command>\n',
    );
    const failing = await runCaptured(['call', '--sampling-command', 'echo no model >&2; exit 3', server.url, 'haiku']);
    expect(failing.stderr).toBe('tessera: the sampling command exited with 3 (echo no model >&2; exit 3): no model\n');
  });

  it('offers the working directory as the root, or the --root paths', async () => {
    const cwd = await runCaptured(['call', server.url, 'where'], dir);
    expect(cwd.stdout.trim()).toBe(`roots: file://${dir}`);
    expect(cwd.stderr).toBe(`tessera sends these roots: file://${dir}\n`);
    const given = await runCaptured(['call', '--root', '/srv/a', '--root', 'b', server.url, 'where'], dir);
    expect(given.stdout.trim()).toBe(`roots: file:///srv/a, file://${dir}/b`);
    const yes = await runCaptured(['call', '--yes', server.url, 'where'], dir);
    expect(yes.stderr).toBe(`tessera sends these roots: file://${dir}\n`);
  });

  it('shows progress notifications (one line each without a terminal)', async () => {
    const run = await runCaptured(['call', server.url, 'count']);
    expect(run.stdout.trim()).toBe('counted to 3');
    expect(run.stderr).toContain(`[${'#'.repeat(10)}${'-'.repeat(20)}] 33% (1/3) step 1`);
    expect(run.stderr).toContain(`[${'#'.repeat(30)}] 100% (3/3) step 3`);
  });

  it('gets a prompt and reads a resource template, answering their questions', async () => {
    const prompt = await runCaptured([
      'prompt',
      '--answers',
      answers({ tone: { tone: 'warm' } }),
      server.url,
      'greet',
      '{"name":"Ada"}',
    ]);
    expect(prompt.stdout.trim()).toBe('user: Greet Ada in a warm tone.');
    const read = await runCaptured([
      'read',
      '--answers',
      answers({ unlock: { passphrase: 'open sesame' } }),
      server.url,
      'secret://7',
    ]);
    expect(read.stdout.trim()).toBe('secret 7: 42');
    const listed = await runCaptured(['prompts', server.url]);
    expect(listed.stdout).toContain('greet: A greeting in the tone you pick\n    name (required) - Who to greet');
    const resources = await runCaptured(['resources', server.url]);
    expect(resources.stdout).toContain('secret://{id} (secret): A secret behind a passphrase (template)');
    const unknown = await runCaptured(['prompt', server.url, 'gret']);
    expect(unknown.stderr).toBe('tessera: unknown prompt "gret"; the server has greet\n');
  });

  it("shows the server's log messages at --log-level and above, none without it", async () => {
    const info = await runCaptured(['call', '--log-level', 'info', server.url, 'chatty']);
    expect(info.stdout.trim()).toBe('chatted');
    expect(info.stderr).toBe('[server info] {"step":"warming up"}\n[server warning] almost out of coffee\n');
    const debug = await runCaptured(['call', '--log-level', 'debug', server.url, 'chatty']);
    expect(debug.stderr).toContain('[server debug] fine detail\n');
    const quiet = await runCaptured(['call', server.url, 'chatty']);
    expect(quiet.stderr).toBe('');
  });

  it('names an unknown tool and lists the ones the server has', async () => {
    const run = await runCaptured(['call', server.url, 'sigup']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'tessera: unknown tool "sigup"; the server has chatty, signup, docs, count, haiku, migrate, forever, broken, where\n',
    );
  });

  it('says why a target cannot be reached', async () => {
    const port = await closedPort();
    const closed = await runCaptured(['tools', `http://127.0.0.1:${port}/mcp`]);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(
      new RegExp(`^tessera: cannot connect to http://127\\.0\\.0\\.1:${port}/mcp: .*ECONNREFUSED`),
    );
    const missing = await runCaptured(['tools', '--', 'tessera-no-such-server-command']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^tessera: cannot connect to tessera-no-such-server-command: .*ENOENT/);
    const usage = await runCaptured(['call', server.url, 'signup', '{bad']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('tessera: the call arguments are not valid JSON');
  });
});
