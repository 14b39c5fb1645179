import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scaffold } from 'create-tessera';
import { TmuxSession } from './tmux-session';

// `tessera dev` on a scaffolded project: the template as create-tessera writes it, its @tessera packages and
// TypeScript resolved from this workspace (node_modules linked), edited while the loop runs.
const repo = resolve(__dirname, '../../../..');
const bin = join(repo, 'packages/cli/dist/bin.js');
const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/** The first build compiles the project from cold; on a loaded CI box that takes tens of seconds. */
const FIRST_SERVE_MS = 150_000;
/**
 * From saving a file to the next call answering with the change: tsc's incremental build, a new server
 * process loading the app, the old one's drain. A second or two on an idle machine; the bound leaves room
 * for a shared, loaded one.
 */
const RESTART_BOUND_MS = 30_000;
/** A call that outlasts the rebuild and the new server's load, and fits in the 10 s drain. */
const SLOW_CALL_MS = 12_000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.once('error', fail);
  });
}

/** The built CLI, its output and exit code. */
function tessera(args: string[], cwd = repo): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 60_000 }, (error, stdout) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

/** `tessera call` as a user runs it: stdout and the exit code. */
function call(url: string, tool: string, args: object): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, 'call', url, tool, JSON.stringify(args)],
      { encoding: 'utf8', timeout: 30_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

/** Calls until the answer contains `expected`; how long that took. */
async function answersWith(url: string, expected: string, boundMs: number): Promise<number> {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < boundMs) {
    const { out } = await call(url, 'check_title', { title: 'Printer on fire' });
    if (out.includes(expected)) return Date.now() - started;
    last = out;
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`no answer with "${expected}" within ${boundMs} ms; the last one: ${last}`);
}

describe('tessera dev in a real terminal (tmux)', () => {
  let project: string;
  let source: string;
  let term: TmuxSession | undefined;
  const edit = (from: string, to: string): void => {
    const text = readFileSync(source, 'utf8');
    if (!text.includes(from)) throw new Error(`the fixture has no "${from}"`);
    writeFileSync(source, text.replace(from, to));
  };

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'tessera-dev-'));
    scaffold({ name: 'dev-loop', directory: project });
    symlinkSync(join(repo, 'node_modules'), join(project, 'node_modules'), 'dir');
    source = join(project, 'src/tickets.provider.ts');
    // a tool still running when a rebuild restarts the server: the drain must let it answer
    edit(
      '  /** A prompt',
      `  @Tool({ description: 'Takes its time' })\n  async slow(): Promise<string> {\n    console.error('slow: started');\n    await new Promise((resolve) => setTimeout(resolve, ${SLOW_CALL_MS}));\n    return 'slow done';\n  }\n\n  /** A prompt`,
    );
  });
  afterEach(() => {
    term?.killProcessGroup();
    term?.kill();
    term = undefined;
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it(
    'serves, restarts on an edit with the change and the surface diff, waits through a refused app and a compile error',
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/mcp`;
      term = TmuxSession.start([process.execPath, bin, 'dev', '--port', String(port)].map(quote).join(' '), {
        cwd: project,
        width: 200,
        height: 50,
      });
      const first = await term.waitFor(`serving dev-loop 0.1.0 on ${url} (3 tools, 1 prompt)`, FIRST_SERVE_MS);
      expect(first).not.toContain('error');
      expect((await call(url, 'check_title', { title: 'Printer on fire' })).out).toContain(
        '"Printer on fire" is a good title (15 characters)',
      );

      // an edit while a call is in flight: that call is answered (the old server drains), the next calls answer
      // with the change within the bound, and the new tool is named
      const slow = call(url, 'slow', {});
      await term.waitFor('slow: started', RESTART_BOUND_MS); // the call is in its handler (the server's stderr)
      edit('is a good title', 'is a fine title');
      edit(
        '  /** A prompt',
        "  @Tool({ description: 'Echo a title' })\n  echo(@Args() args: TicketArgs): string {\n    return args.title;\n  }\n\n  /** A prompt",
      );
      const took = await answersWith(url, 'is a fine title', RESTART_BOUND_MS);
      expect(took).toBeLessThan(RESTART_BOUND_MS);
      const slowCall = await slow;
      // answered, not cut off: the old server drained it before the new build took the port (when the calling
      // process then exits is its own affair, so no order against the next answers is asserted)
      expect(slowCall).toMatchObject({ code: 0, out: expect.stringContaining('slow done') });
      expect(await term.waitFor('+ tool echo')).toMatch(/restarted in \d+\.\ds:\n {2}\+ tool echo/);

      // a signature createApp refuses (no DTO type reflected for @Args): said, server stopped, the loop waits
      edit('check_title(@Args() args: TicketArgs)', 'check_title(@Args() args: TicketArgs & { note?: string })');
      const refused = await term.waitFor('server stopped; waiting for a change', RESTART_BOUND_MS);
      expect(refused).toContain('createApp refused the module from');
      expect(refused).toContain('Tickets.check_title, parameter #0: reflection sees Object');
      const down = await call(url, 'check_title', { title: 'Printer on fire' });
      expect(down.code).not.toBe(0);
      expect(down.out).toContain('ECONNREFUSED');

      // fixed: back, with the same surface as the last good build
      edit('check_title(@Args() args: TicketArgs & { note?: string })', 'check_title(@Args() args: TicketArgs)');
      await term.waitFor(`serving again on ${url} in`, RESTART_BOUND_MS);
      await answersWith(url, 'is a fine title', RESTART_BOUND_MS);

      // a compile error: printed, the last good build keeps serving
      edit('return args.title;', 'return args.titel;');
      const failed = await term.waitFor('still serving the last good build; waiting for a change', RESTART_BOUND_MS);
      expect(failed).toMatch(/the build has 1 error/);
      expect(failed).toMatch(/tickets\.provider\.ts.*error.*TS2551: Property 'titel' does not exist/);
      expect((await call(url, 'echo', { title: 'Printer on fire' })).out).toContain('Printer on fire');

      // fixed again: restarted; tessera dev itself never stopped
      edit('return args.titel;', 'return `echo: ${args.title}`;');
      const start = Date.now();
      for (;;) {
        const { out } = await call(url, 'echo', { title: 'Printer on fire' });
        if (out.includes('echo: Printer on fire')) break;
        if (Date.now() - start > RESTART_BOUND_MS) throw new Error(`the fix was not served: ${out}`);
        await new Promise((wake) => setTimeout(wake, 200));
      }
      expect(term.screen()).not.toContain('[exit');

      // Ctrl+C: the server drains, tsc stops, exit 0
      const stopped = await term.press('[exit 0]', 'C-c');
      expect(stopped).not.toContain('the server exited');
    },
    FIRST_SERVE_MS + 8 * RESTART_BOUND_MS,
  );

  it(
    'serves the conformance module with tessera dev -b; tessera inspect --json of it matches its tools/list over the wire',
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/mcp`;
      const entry = 'tooling/conformance/dist/server/app.js';
      const command = [process.execPath, bin, 'dev', '-b', '-p', 'tooling/conformance/tsconfig.json'];
      term = TmuxSession.start([...command, '--port', String(port), entry].map(quote).join(' '), {
        cwd: repo,
        width: 200,
        height: 50,
      });
      await term.waitFor(`serving tessera-conformance-server`, FIRST_SERVE_MS);
      const inspected = await tessera(['inspect', '--json', entry]);
      expect(inspected.code).toBe(0);
      const listed = await tessera(['tools', '--json', url]);
      expect(listed.code).toBe(0);
      const surface = JSON.parse(inspected.stdout) as { tools: Array<{ name: string; inputSchema: unknown }> };
      const { tools } = JSON.parse(listed.stdout) as { tools: Array<{ name: string; inputSchema: unknown }> };
      expect(surface.tools.length).toBeGreaterThan(10);
      expect(surface.tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema }))).toEqual(
        tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })),
      );
    },
    FIRST_SERVE_MS + RESTART_BOUND_MS,
  );
});
