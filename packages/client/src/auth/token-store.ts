import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/** What an OAuth client keeps for one MCP server: its tokens, its registration, and what discovery found. */
export interface StoredCredentials {
  tokens?: StoredOAuthTokens;
  client?: StoredOAuthClientInformation;
  discovery?: OAuthDiscoveryState;
}

/**
 * Where tokens live between requests (and, for a store that writes somewhere, between processes). Keyed by the
 * MCP server's URL. A store holds secrets: one that writes to disk should write a file only its user can read.
 */
export interface TokenStore {
  load(key: string): StoredCredentials | undefined | Promise<StoredCredentials | undefined>;
  save(key: string, credentials: StoredCredentials): void | Promise<void>;
}

/** The default store: this process's memory, forgotten when it exits. */
export class MemoryTokenStore implements TokenStore {
  private readonly entries = new Map<string, StoredCredentials>();

  load(key: string): StoredCredentials | undefined {
    return this.entries.get(key);
  }

  save(key: string, credentials: StoredCredentials): void {
    this.entries.set(key, credentials);
  }
}
