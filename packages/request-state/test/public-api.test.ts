import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '@tessera/request-state';
import * as framework from '@tessera/request-state/framework';

describe('public API', () => {
  it('exports exactly these runtime names', async () => {
    expect(Object.keys(api).sort()).toEqual([
      'DEFAULT_FIRST_LEG_WINDOW_MS',
      'DEFAULT_LEG_LEASE_MS',
      'DEFAULT_LEG_WAIT_MS',
      'DEFAULT_MAX_TOKEN_LENGTH',
      'DEFAULT_SINGLE_USE_TIMEOUT_MS',
      'DEFAULT_TTL_SECONDS',
      'INVALID_REQUEST_STATE_MESSAGE',
      'IdempotencyKeyReusedError',
      'InvalidRequestStateError',
      'InvalidRequestStateProtocolError',
      'LegInProgressError',
      'MAX_SEALS_PER_KEY',
      'MemorySingleUseStore',
      'RequestStateConfigError',
      'RequestStateError',
      'RequestStateErrorCode',
      'RequestStateJsonRpcCode',
      'RequestStateSecurity',
      'RequestStateTooLargeError',
      'SingleUseStoreUnavailableError',
      'UnusableAuthInfoError',
      'VerifiedRequestState',
      'argumentsDigest',
      'authIdentity',
      'boundPrincipal',
      'invalidRequestStateJsonRpcError',
      'isInvalidRequestStateError',
      'principalFromAuthInfo',
      'protectRequestState',
    ]);
    expect(api.INVALID_REQUEST_STATE_MESSAGE).toBe('Invalid or expired requestState');
    expect(api.DEFAULT_TTL_SECONDS).toBe(600);
    expect(api.DEFAULT_MAX_TOKEN_LENGTH).toBe(16 * 1024);
  });

  it('the framework entry exports the names of the root but the raw SDK guard, the same objects', () => {
    const guard = ['InvalidRequestStateProtocolError', 'VerifiedRequestState', 'protectRequestState'];
    expect(Object.keys(framework).sort()).toEqual(
      Object.keys(api)
        .filter((name) => !guard.includes(name))
        .sort(),
    );
    const differing = Object.entries(framework).filter(([name, value]) => value !== api[name as keyof typeof api]);
    expect(differing).toEqual([]);
    expect(new framework.InvalidRequestStateError('malformed')).toBeInstanceOf(api.InvalidRequestStateError);
  });

  it.each(['index.ts', 'framework.ts'])('the entry %s lists every export by name (no export *)', (entry) => {
    const source = readFileSync(join(__dirname, '../src', entry), 'utf8');
    expect(source).not.toMatch(/export \*/);
    expect(source).not.toMatch(/export default/);
  });
});
