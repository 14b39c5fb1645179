/** What one line of `tsc --watch` output means to the dev loop. */
export type TscWatchEvent = { type: 'compiling' } | { type: 'done'; errors: number; diagnostics: string };

// Both compilers (TypeScript 5 and the native 7) print these watch-mode lines, after a timestamp.
const STARTING = /(Starting compilation in watch mode|File change detected\. Starting incremental compilation)\.\.\./;
const FOUND = /Found (\d+) errors?\. Watching for file changes\./;
// eslint-disable-next-line no-control-regex -- the colours of --pretty output
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Reads `tsc --watch --preserveWatchOutput` output as it arrives: a build starts, then ends with its error
 * count and the diagnostics printed in between (kept as printed, colours included).
 */
export class TscWatchOutput {
  private pending = '';
  private diagnostics: string[] = [];

  /** Feeds a chunk of output; returns the events its complete lines make. */
  feed(chunk: string): TscWatchEvent[] {
    this.pending += chunk;
    const lines = this.pending.split('\n');
    this.pending = lines.pop()!;
    const events: TscWatchEvent[] = [];
    for (const raw of lines) {
      const line = raw.replace(/\r$/, '');
      const plain = line.replace(ANSI, '');
      if (STARTING.test(plain)) {
        this.diagnostics = [];
        events.push({ type: 'compiling' });
        continue;
      }
      const found = FOUND.exec(plain);
      if (found) {
        events.push({ type: 'done', errors: Number(found[1]), diagnostics: this.diagnostics.join('\n').trim() });
        this.diagnostics = [];
        continue;
      }
      this.diagnostics.push(line);
    }
    return events;
  }

  /** What was printed since the last build ended: tsc's own complaint when it stops (a broken tsconfig). */
  leftover(): string {
    return [...this.diagnostics, this.pending].join('\n').trim();
  }
}
