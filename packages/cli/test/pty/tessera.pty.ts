import { join, resolve } from 'node:path';
import { startEveryFieldServer, taskEvents } from '../fixtures/every-field.app';
import { TmuxSession } from './tmux-session';

const repo = resolve(__dirname, '../../../..');
const bin = join(repo, 'packages/cli/dist/bin.js');
const briefing = join(repo, 'apps/briefing/dist/server.js');
const sdkServer = join(repo, 'packages/cli/test/fixtures/sdk-server.cjs');
const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;
const tessera = (...args: string[]): string => [process.execPath, bin, ...args].map(quote).join(' ');

describe('tessera in a real terminal (tmux)', () => {
  let server: Awaited<ReturnType<typeof startEveryFieldServer>>;
  let term: TmuxSession | undefined;
  const run = (command: string): TmuxSession =>
    (term = TmuxSession.start(command, { cwd: repo, width: 100, height: 40 }));

  beforeAll(async () => {
    server = await startEveryFieldServer();
  });
  afterEach(() => {
    term?.kill();
    term = undefined;
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks every field kind of a Tessera form, re-asking invalid answers on the spot', async () => {
    const t = run(tessera('call', server.url, 'signup'));
    await t.waitFor('? [signup] Tell us about you');
    await t.press('Full name - As printed on your badge', 'Enter');
    t.type('A');
    await t.press('Full name needs at least 2 characters', 'Enter');
    t.type('da Lovelace');
    await t.press('? Email [email]', 'Enter');
    t.type('ada');
    await t.press('Email must be an email address', 'Enter');
    t.type('@example.com');
    await t.press('? Age [whole number, 18-99]', 'Enter');
    t.type('36');
    await t.press('? Budget [optional] - In euros', 'Enter');
    await t.press('? Newsletter', 'Enter');
    t.type('y');
    await t.press(/Plan\n❯ Free tier\n {2}Pro tier/, 'Enter');
    await t.press('? Topics', 'Down', 'Enter');
    t.keys('Space', 'Down', 'Down', 'Space');
    await t.press('? Start date [YYYY-MM-DD]', 'Enter');
    t.type('2026-02-30');
    await t.press('Start date must be a date as YYYY-MM-DD', 'Enter');
    t.keys('BSpace', 'BSpace');
    t.type('28');
    await t.press('? Website [URL, optional]', 'Enter');
    const screen = await t.press('[exit 0]', 'Enter');
    expect(screen).toContain(
      'signed up: {"name":"Ada Lovelace","email":"ada@example.com","age":36,"newsletter":true,"plan":"pro","topics":["mcp","ops"],"start":"2026-02-28"}',
    );
  });

  it('declines a form when the user picks Decline', async () => {
    const t = run(tessera('call', server.url, 'signup'));
    await t.waitFor('? [signup] Tell us about you');
    const screen = await t.press('[exit 0]', 'Down', 'Enter');
    expect(screen).toContain('no signup: decline');
  });

  it('says truthfully what Decline does: the server decides, and the request often ends', async () => {
    const t = run(tessera('call', server.url, 'signup'));
    await t.waitFor('? [signup] Tell us about you');
    const hovered = await t.press('often the request ends with an error', 'Down');
    expect(hovered).not.toContain('goes on without this answer');
    await t.press('[exit 0]', 'Enter');
  });

  it('shows a URL-mode request and asks for consent', async () => {
    const t = run(tessera('call', server.url, 'docs'));
    const asked = await t.waitFor('? Sign in to read the docs');
    expect(asked).toContain('[login] The server asks you to open this URL:\n  https://example.com/login?flow=42');
    expect(asked).toContain('❯ I opened it: continue');
    const screen = await t.press('[exit 0]', 'Enter');
    expect(screen).toContain('login: accept');
  });

  it('draws progress notifications as a bar', async () => {
    const t = run(tessera('call', server.url, 'count'));
    const screen = await t.waitFor('[exit 0]');
    expect(screen).toContain(`[${'#'.repeat(30)}] 100% (3/3) step 3\ncounted to 3`);
  });

  it('follows a task tool: a live status line, its question asked when it parks, then the result', async () => {
    const t = run(tessera('call', server.url, 'migrate'));
    await t.waitFor(/\[task [\w-]{8}\] waiting for your answer - \d+s\n. \[how_many\] Migrate how many tables\?/);
    await t.press('? Tables [whole number, 1-3]', 'Enter');
    t.type('2');
    await t.press(/\[task [\w-]{8}\] working - copying table 1 of 2 - \d+s$/, 'Enter');
    // the elapsed time ticks on while the status stays the same
    await t.waitFor(/copying table 2 of 2 - \d+s$/);
    const screen = await t.waitFor('[exit 0]');
    expect(screen).toMatch(/\[task [\w-]{8}\] completed - \d+s\nmigrated 2 tables\n\[exit 0\]/);
  });

  it('cancels the task on Ctrl+C while it works (tasks/cancel), exit status 130', async () => {
    const t = run(tessera('call', server.url, 'forever'));
    await t.waitFor(/working - waiting for a cancel - [1-9]\d*s$/); // still drawn, a second later
    const screen = await t.press('[exit 130]', 'C-c');
    const taskId = /tessera: stopped \(Ctrl\+C\): the call was abandoned; task ([\w-]{22}) was cancelled/.exec(
      screen,
    )?.[1];
    expect(taskId).toBeDefined();
    await waitUntil(() => taskEvents.includes(`forever ${taskId}: aborted`));
  });

  it('cancels the task on Ctrl+C in its question too', async () => {
    const t = run(tessera('call', server.url, 'migrate'));
    await t.waitFor('? [how_many] Migrate how many tables?');
    const screen = await t.press('[exit 130]', 'C-c');
    expect(screen).toMatch(
      /tessera: stopped \(Ctrl\+C\): the question was not answered and the call was abandoned; task [\w-]{22} was cancelled/,
    );
  });

  it('says a task failed, with the server’s error, exit status 1', async () => {
    const t = run(tessera('call', server.url, 'broken'));
    const screen = await t.waitFor('[exit 1]');
    expect(screen).toMatch(
      /failed - the disk is full - \d+s\ntessera: Task [\w-]{22} failed: the disk is full \(JSON-RPC -32001\)\./,
    );
  });

  it('runs a Tessera server over stdio, answering sampling with --sampling-command', async () => {
    const t = run(
      tessera(
        'call',
        '--sampling-command',
        'echo risks, costs, next steps',
        'plan_session',
        '{"topic":"q3"}',
        '--',
        process.execPath,
        briefing,
      ),
    );
    await t.waitFor('? [audience] Who is the "q3" session for?');
    await t.press('? Audience - Who will read the briefing', 'Enter');
    await t.press('? [length] How long may it take?', 'Down', 'Enter');
    await t.press('? Length in minutes [whole number, 1-60]', 'Enter');
    t.type('20');
    const shown = await t.press('? Send this sampling answer?', 'Enter');
    expect(shown).toContain('tessera sends this sampling answer: "risks, costs, next steps"');
    const screen = await t.press('[exit 0]', 'Enter');
    expect(screen).toContain('20-minute session on q3 for executives. Agenda: risks, costs, next steps');
  });

  it('shows the roots before sending them and asks; No stops the call, --yes sends without asking', async () => {
    const asked = run(tessera('call', server.url, 'where'));
    const shown = await asked.waitFor('? Send these roots?');
    expect(shown).toContain(`tessera sends these roots: file://${repo}`);
    asked.type('n');
    const refused = await asked.press('[exit 1]', 'Enter');
    expect(refused).toContain('tessera: you chose not to send these roots, so the call stops here');
    asked.kill();
    const yes = run(tessera('call', '--yes', server.url, 'where'));
    const sent = await yes.waitFor('[exit 0]');
    expect(sent).toContain(`tessera sends these roots: file://${repo}\nroots: file://${repo}`);
    expect(sent).not.toContain('Send these roots?');
  });

  it('answers a plain SDK server that returns input_required (2026-07-28)', async () => {
    const t = run(tessera('call', 'paint', '--', process.execPath, sdkServer));
    await t.waitFor('? [colour] Which colour?');
    await t.press('? Colour - Pick one', 'Enter');
    await t.press('? Shade [whole number, 1-9, optional]', 'Down', 'Down', 'Enter');
    const screen = await t.press('[exit 0]', 'Enter'); // the default, 5
    expect(screen).toContain('painted blue, shade 5');
  });

  it('answers a plain SDK server that pushes elicitation/create (2025 era)', async () => {
    const t = run(tessera('call', '--protocol', 'legacy', 'ask_name', '--', process.execPath, sdkServer));
    await t.waitFor('? What is your name?');
    await t.press('? Name', 'Enter');
    t.type('Grace');
    const screen = await t.press('[exit 0]', 'Enter');
    expect(screen).toContain('hello Grace');
  });

  it('stops on Ctrl+C in a prompt with exit status 130', async () => {
    const t = run(tessera('call', server.url, 'signup'));
    await t.waitFor('? [signup] Tell us about you');
    const screen = await t.press('[exit 130]', 'C-c');
    expect(screen).toContain('tessera: stopped (Ctrl+C): the question was not answered and the call was abandoned');
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
