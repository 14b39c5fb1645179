import { OAuthError, OAuthErrorCode, type FetchLike } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger';
import { discoverIssuerMetadata, type IssuerMetadata } from './issuer-metadata';

/** After a failed discovery, the next request tries again no sooner than this. */
const RETRY_AFTER_FAILURE_MS = 5000;

/**
 * The issuer's metadata, discovered on first use and kept. A failure is not kept for long: the next request
 * after a short pause tries again, so an authorization server that starts after this one is picked up; in
 * between, requests answer `server_error` at once instead of each waiting on the network.
 */
export class IssuerConnection {
  private metadata?: Promise<IssuerMetadata>;
  private failedAt = 0;

  constructor(
    readonly issuer: string,
    readonly fetch: FetchLike,
    readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  async load(): Promise<IssuerMetadata> {
    if (this.metadata === undefined) {
      if (Date.now() - this.failedAt < RETRY_AFTER_FAILURE_MS) throw unavailable();
      this.metadata = discoverIssuerMetadata(this.issuer, this.fetch, this.timeoutMs);
      this.metadata.catch((error: unknown) => {
        this.metadata = undefined;
        this.failedAt = Date.now();
        this.logger.error('OAuth issuer discovery failed', { issuer: this.issuer, error });
      });
    }
    try {
      return await this.metadata;
    } catch {
      throw unavailable();
    }
  }
}

function unavailable(): OAuthError {
  return new OAuthError(OAuthErrorCode.ServerError, 'The authorization server metadata is unavailable');
}
