import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** oidc-provider in a child process (it is an ES module with its own dependency tree): two issuers on 127.0.0.1. */
export class AuthorizationServer {
  private constructor(
    private readonly child: ChildProcess,
    /** The real issuer, and a second one sharing its signing key. */
    readonly issuers: [string, string],
  ) {}

  /** Starts on free ports, or on the ports of `previous` (a restart with new keys: the old ones rotated away). */
  static async start(previous?: AuthorizationServer): Promise<AuthorizationServer> {
    const ports = previous?.issuers.map((issuer) => new URL(issuer).port).join(',') ?? '0,0';
    const child = spawn(process.execPath, [join(__dirname, 'oidc-server.mjs')], {
      env: { ...process.env, PORTS: ports },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`oidc-provider exited (${code}) before listening:\n${stderr}`)));
      });
      const { issuers } = JSON.parse(line) as { issuers: [string, string] };
      return new AuthorizationServer(child, issuers);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
}
