import { spawn } from 'node:child_process';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { authorizationCode, clientCredentials, loopbackRedirect } from '@tessera/client';
import { terminalSafe } from '../output/terminal-safe';

/** How tessera authorizes at a server that answers 401 (`--client-id`, `--client-secret`, `--scope`, `--no-browser`). */
export interface OAuthSettings {
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  browser: boolean;
}

/**
 * The OAuth provider for an HTTP target: client credentials when a secret is given (a machine), otherwise
 * authorization code with PKCE through the browser, its answer received on 127.0.0.1 (a person; without a
 * client id the client registers itself). Nothing happens until the server answers 401. Undefined when the
 * user sends an Authorization header of their own.
 */
export function cliAuth(
  settings: OAuthSettings,
  headers: Record<string, string>,
  say: (line: string) => void,
  openUrl: (url: string) => void = openInBrowser,
): OAuthClientProvider | undefined {
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) return undefined;
  const common = { clientName: 'tessera', ...(settings.scope !== undefined && { scope: settings.scope }) };
  if (settings.clientSecret !== undefined) {
    return clientCredentials({ ...common, clientId: settings.clientId ?? '', clientSecret: settings.clientSecret });
  }
  return authorizationCode({
    ...common,
    ...(settings.clientId !== undefined && { clientId: settings.clientId }),
    redirect: loopbackRedirect({
      open: (url) => {
        say(`tessera: the server wants you to sign in; open ${terminalSafe(url.href)}`);
        if (settings.browser) openUrl(url.href);
      },
    }),
  });
}

/** Best effort: the platform's opener, detached; the printed URL is there when it fails. */
function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // the URL was printed
  }
}
