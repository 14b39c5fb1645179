import type { AppSurface } from '@tessera/core/advanced';
import { CliError } from '../errors/cli-error';
import { entryPath } from '../inspect/load-entry';
import type { DevOptions } from './dev-options';
import { InspectorProcess, inspectorLauncher } from './inspector-process';
import { ReaperProcess } from './reaper-process';
import { ServerProcess } from './server-process';
import { StdioRelay } from './stdio-relay';
import { countSurface, diffSurface, formatSurfaceChanges } from './surface-diff';
import { TscWatch } from './tsc-watch';
import type { TscWatchEvent } from './tsc-watch-output';

export interface DevIo {
  cwd: string;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  /** Where every line of the dev loop goes (stdout may be the MCP stream). */
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The Inspector's own default page port. */
const INSPECTOR_PORT = 6274;

/**
 * `tessera dev`: the project's tsc in watch mode; after each build without errors, a new server process
 * loads the entry while the old one still serves, then the old one drains (app.close()) and the new one
 * listens on the same port. A compile error leaves the last good server serving; an entry createApp refuses
 * stops it until the next build. Says one line per restart, and everything about what is wrong.
 */
export class DevLoop {
  private server: ServerProcess | undefined;
  private lastSurface: AppSurface | undefined;
  private port: number;
  private inspector: InspectorProcess | undefined;
  private relay: StdioRelay | undefined;
  private tsc: TscWatch | undefined;
  private reaper: ReaperProcess | undefined;
  private restarting: Promise<void> = Promise.resolve();
  private queued = false;
  private builds = 0;
  private buildStarted = Date.now();
  private stopped = false;
  private finish: (code: number) => void = () => undefined;

  constructor(
    private readonly options: DevOptions,
    private readonly io: DevIo,
  ) {
    this.port = options.port;
  }

  /** Runs until stop() (Ctrl+C) or until tsc dies; resolves with the exit code. */
  run(): Promise<number> {
    // refused before anything starts: a command line the user must fix
    if (this.options.inspector) inspectorLauncher(this.io.cwd);
    if (this.options.entry !== undefined && !/\.[cm]?js$/.test(this.options.entry))
      throw new CliError(
        `dev: ${this.options.entry} is not a compiled JavaScript file (.js, .cjs, .mjs): give the build's output (dist/src/app.module.js)`,
        2,
      );
    if (this.options.stdio) this.relay = new StdioRelay(this.io.stdin, this.io.stdout, () => void this.stop());
    const done = new Promise<number>((resolve) => (this.finish = resolve));
    this.reaper = new ReaperProcess();
    try {
      this.tsc = new TscWatch(
        {
          cwd: this.io.cwd,
          project: this.options.project,
          build: this.options.build,
          pretty: this.io.stderr.isTTY === true,
        },
        this.reaper,
        (event) => this.onBuild(event),
      );
    } catch (error) {
      this.reaper.close();
      throw error;
    }
    void this.tsc.exited.then(async (code) => {
      if (this.stopped) return;
      const said = this.tsc!.leftover();
      this.say(`tsc stopped (exit code ${code})${said ? `:\n${said}` : ''}`);
      await this.stop(1);
    });
    return done;
  }

  /** Stops the watcher, drains the server, closes the Inspector. */
  async stop(code = 0): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.tsc?.stop();
    this.inspector?.stop();
    await this.restarting;
    await this.server?.stop();
    this.relay?.close();
    this.reaper?.close();
    this.finish(code);
  }

  /** Synchronous last resort (the process is exiting): nothing left behind. */
  killAll(): void {
    this.tsc?.stop();
    this.inspector?.stop();
    this.server?.kill();
    this.reaper?.close();
  }

  private say(line: string): void {
    this.io.stderr.write(`tessera dev: ${line}\n`);
  }

  private onBuild(event: TscWatchEvent): void {
    if (this.stopped) return;
    if (event.type === 'compiling') {
      this.buildStarted = Date.now();
      return;
    }
    if (event.errors > 0) {
      const kept = this.server?.running ? 'still serving the last good build' : 'nothing served';
      this.say(
        `the build has ${event.errors} error${event.errors === 1 ? '' : 's'}; ${kept}; waiting for a change\n${event.diagnostics}`,
      );
      return;
    }
    this.builds++;
    // one restart at a time; builds that land meanwhile make one more, with the newest output
    if (this.queued) return;
    this.queued = true;
    this.restarting = this.restarting.then(() => {
      this.queued = false;
      return this.restart().catch((error: unknown) => this.say(`restart failed: ${(error as Error).message}`));
    });
  }

  private async restart(): Promise<void> {
    if (this.stopped) return;
    const started = this.buildStarted;
    let entry: string;
    try {
      entry = entryPath(this.options.entry, this.io.cwd, 'dev');
    } catch (error) {
      if (this.builds === 1 && error instanceof CliError) {
        this.say((error as Error).message.replace(/^dev: /, ''));
        return this.stop(2);
      }
      throw error;
    }
    const next = new ServerProcess(entry, this.options.exportName, this.options.stdio, this.reaper!);
    const loaded = await next.loaded();
    if ('refused' in loaded) {
      const had = this.server?.running === true;
      await this.server?.stop();
      this.server = undefined;
      this.say(
        `${loaded.refused.replace(/^dev: /, '')}\ntessera dev: ${had ? 'server stopped' : 'nothing served'}; waiting for a change`,
      );
      return;
    }
    const wasServing = this.server?.running === true;
    await this.server?.stop();
    this.server = next;
    const served = await this.serve(next);
    if (served === undefined) return;
    void next.exited.then((code) => {
      if (!next.stopping && !this.stopped) this.say(`the server exited (code ${code}); waiting for a change`);
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const before = this.lastSurface;
    this.lastSurface = loaded.surface;
    if (before === undefined) {
      const { name, version } = loaded.surface;
      this.say(`serving ${name} ${version} on ${served} (${countSurface(loaded.surface)}) in ${seconds}s`);
      await this.openInspector(served);
      return;
    }
    const changes = formatSurfaceChanges(diffSurface(before, loaded.surface));
    const what = wasServing ? `restarted in ${seconds}s` : `serving again on ${served} in ${seconds}s`;
    this.say(`${what}${changes.length === 0 ? '' : `:\n${changes.map((line) => `  ${line}`).join('\n')}`}`);
  }

  /** Serves the loaded build; the URL (or `stdio`), or undefined when it could not (said). */
  private async serve(next: ServerProcess): Promise<string | undefined> {
    if (this.options.stdio) {
      next.serveStdio();
      this.relay!.attach(next);
      return 'stdio';
    }
    const outcome = await next.serve(this.port);
    if ('failed' in outcome) {
      this.say(`the server could not listen on 127.0.0.1:${this.port}: ${outcome.failed}; waiting for a change`);
      await next.stop();
      this.server = undefined;
      return undefined;
    }
    // port 0: the first free port chosen is kept for every restart
    this.port = Number(new URL(outcome.url).port);
    return outcome.url;
  }

  private async openInspector(serverUrl: string): Promise<void> {
    if (!this.options.inspector || this.inspector !== undefined) return;
    this.inspector = new InspectorProcess(inspectorLauncher(this.io.cwd), serverUrl, INSPECTOR_PORT, this.reaper!);
    try {
      await this.inspector.ready();
      this.say(`MCP Inspector: ${this.inspector.pageUrl}`);
    } catch (error) {
      this.say((error as Error).message);
    }
  }
}
