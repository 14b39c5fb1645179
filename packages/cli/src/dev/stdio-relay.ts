import type { ServerProcess } from './server-process';

/**
 * `tessera dev --stdio`: this process's stdin and stdout are the client's stream, the server behind it changes
 * on every restart. Whole lines (one JSON-RPC message each) go to the current server; lines that arrive while
 * none serves wait for the next one. Every server's answers go out, an old one's while it drains too. When the
 * client closes stdin, tessera dev stops, as a stdio server does.
 */
export class StdioRelay {
  private target: ServerProcess | undefined;
  private partial = '';
  private readonly held: string[] = [];
  private readonly onData = (chunk: Buffer | string) => this.read(chunk.toString());

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    /** The client closed its end: the session is over. */
    onEnd: () => void,
  ) {
    input.on('data', this.onData);
    input.once('end', onEnd);
  }

  attach(server: ServerProcess): void {
    this.target = server;
    server.stdout?.on('data', (chunk: Buffer) => this.output.write(chunk));
    void server.exited.then(() => {
      if (this.target === server) this.target = undefined;
    });
    this.held.splice(0).forEach((line) => this.deliver(line));
  }

  close(): void {
    this.input.off('data', this.onData);
    (this.input as { pause?: () => void }).pause?.();
  }

  private read(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop()!;
    lines.forEach((line) => this.deliver(`${line}\n`));
  }

  private deliver(line: string): void {
    const stdin = this.target?.running ? this.target.stdin : null;
    if (stdin === null) this.held.push(line);
    else stdin.write(line);
  }
}
