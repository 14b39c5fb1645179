import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { TesseraClient, type TesseraClientOptions } from '@tessera/client';
import { CliError } from '../errors/cli-error';
import { describeTarget, type Target } from '../command/target';

const STDERR_TAIL = 4000;

export interface OpenClient {
  client: TesseraClient;
  /** The last lines a stdio server wrote on stderr (kept out of the terminal, shown when something fails). */
  serverStderr(): string;
}

/**
 * Connects a Tessera client to the target. A stdio server's stderr is captured instead of inherited: its logs
 * would otherwise draw over the prompts. A failed connection says which target and why.
 */
export async function openClient(
  target: Target,
  headers: Record<string, string>,
  options: TesseraClientOptions,
  auth?: OAuthClientProvider,
): Promise<OpenClient> {
  // Someone waits at the terminal: a fleet's blips are still retried, a dead address is reported in a moment.
  const legRetry = options.legRetry ?? { maxRetries: 2 };
  const client = new TesseraClient({ name: 'tessera-cli', version: '0.1.0', ...options, legRetry });
  let stderr = '';
  const serverStderr = (): string => stderr.trim();
  try {
    if (target.kind === 'url') {
      await client.connect({
        url: target.url,
        ...(Object.keys(headers).length > 0 && { headers }),
        ...(auth !== undefined && { auth }),
      });
    } else {
      const transport = new StdioClientTransport({
        command: target.command,
        args: target.args,
        stderr: 'pipe',
        // added to the SDK's default environment (PATH, HOME, ...), not in place of it
        ...(target.env !== undefined && { env: target.env }),
      });
      transport.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
      });
      await client.connect({ transport });
    }
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = connectionReason(error);
    const tail = serverStderr();
    throw new CliError(
      `cannot connect to ${describeTarget(target)}: ${reason}${tail ? `\nserver stderr:\n${tail}` : ''}`,
    );
  }
  return { client, serverStderr };
}

/** The SDK's message, plus the system error code (ECONNREFUSED, ENOENT...) found down its cause chain. */
function connectionReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
      return message.includes(code) ? message : `${message} (${code})`;
    // The SDK keeps the transport's error under `data.cause` rather than `cause`.
    const next = current as { cause?: unknown; data?: { cause?: unknown } };
    current = next.cause ?? next.data?.cause;
  }
  return message;
}
