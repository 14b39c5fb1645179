import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { CliError } from '../errors/cli-error';
import type { ReaperProcess } from './reaper-process';
import { TscWatchOutput, type TscWatchEvent } from './tsc-watch-output';

export interface TscWatchSettings {
  cwd: string;
  /** The tsconfig, relative to cwd. */
  project: string;
  /** `tsc -b --watch` instead of `tsc --watch -p`. */
  build: boolean;
  /** Keep tsc's colours (the output goes to a terminal). */
  pretty: boolean;
}

/**
 * The project's own `tsc`: the compiler and settings the project builds with, decorator metadata included.
 * Found through the package's `bin` field: TypeScript 7's `exports` do not list `bin/tsc`.
 */
export function projectTsc(cwd: string): string {
  try {
    const manifest = createRequire(join(cwd, 'package.json')).resolve('typescript/package.json');
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: { tsc?: string } };
    if (bin?.tsc === undefined) throw new Error('no tsc bin');
    return join(dirname(manifest), bin.tsc);
  } catch {
    throw new CliError(
      `dev: TypeScript is not installed in ${cwd} (npm install --save-dev typescript); ` +
        'tessera dev compiles with the project’s own tsc',
      2,
    );
  }
}

/**
 * The project's `tsc --watch` as a child process, its output turned into events. Nothing is printed here: the
 * dev loop decides what the user sees. It leads a process group of its own, stopped as a whole: TypeScript 7's
 * `tsc` is a Node launcher that runs the native compiler as its own child and, on Node without
 * `process.execve`, waits for it, so signalling the launcher alone leaves the compiler running.
 */
export class TscWatch {
  private readonly child: ChildProcess;
  private readonly output = new TscWatchOutput();
  readonly exited: Promise<number | null>;

  constructor(settings: TscWatchSettings, reaper: ReaperProcess, onEvent: (event: TscWatchEvent) => void) {
    const tsconfig = resolve(settings.cwd, settings.project);
    if (!existsSync(tsconfig))
      throw new CliError(`dev: ${tsconfig} does not exist; give the project's tsconfig with --project`, 2);
    const args = settings.build
      ? ['-b', tsconfig, '--watch', '--preserveWatchOutput']
      : ['--watch', '--preserveWatchOutput', '-p', tsconfig];
    args.push('--pretty', String(settings.pretty));
    this.child = spawn(process.execPath, [projectTsc(settings.cwd), ...args], {
      cwd: settings.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    reaper.watch(this.child, 'SIGKILL', true);
    const read = (chunk: Buffer) => this.output.feed(chunk.toString('utf8')).forEach(onEvent);
    this.child.stdout!.on('data', read);
    this.child.stderr!.on('data', read);
    this.exited = new Promise((done) => {
      this.child.once('exit', (code) => done(code));
      this.child.once('error', () => done(null));
    });
  }

  /** What tsc printed after its last build: its reason when it stops by itself. */
  leftover(): string {
    return this.output.leftover();
  }

  /** The launcher and whatever it started. */
  stop(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
