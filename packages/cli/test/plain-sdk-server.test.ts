import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCaptured } from './fixtures/run-captured';

const server = ['--', process.execPath, join(__dirname, 'fixtures', 'sdk-server.cjs')];

describe('tessera against a plain SDK server over stdio, without a terminal', () => {
  let dir: string;
  let answersPath: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-cli-sdk-'));
    answersPath = join(dir, 'answers.json');
    // 2026 rounds are answered by key; 2025 pushes carry none, so by their message.
    writeFileSync(answersPath, JSON.stringify({ colour: { colour: 'green' }, 'What is your name?': { name: 'Ada' } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers an input_required round by question key (2026-07-28)', async () => {
    const run = await runCaptured(['call', '--answers', answersPath, 'paint', ...server]);
    // the one line on stderr echoes the answer taken from --answers as it is sent: shade left out, its default
    expect(run.stderr).toBe('[colour] Which colour? accept {"colour":"green","shade":5} (from --answers)\n');
    expect(run.stdout.trim()).toBe('painted green, shade 5');
  });

  it('answers a 2025 push elicitation by its message', async () => {
    const run = await runCaptured(['call', '--protocol', 'legacy', '--answers', answersPath, 'ask_name', ...server]);
    expect(run.stdout.trim()).toBe('hello Ada');
  });

  it('prints a tool error result and exits 1', async () => {
    const run = await runCaptured(['call', 'ask_name', ...server]); // a push cannot be sent on 2026-07-28
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Server-to-client requests are not available on protocol revision 2026-07-28');
  });
});
