import { createApp, RequestStateSecurity, silentLogger, type LogFields } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { Deployer } from './mrtr-fixtures';

// #14 item 6: every refusal leaves its reason in the log (never the token), and every refusal answers
// with one HTTP status.
const caps = { elicitation: {} };
const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };

/** A signing-free codec that quotes the token in its own error, as a careless KMS wrapper might. */
const quotingCodec = {
  seal: (bytes: Uint8Array) => `kms.${Buffer.from(bytes).toString('base64url')}`,
  unseal: (token: string) => {
    if (!token.startsWith('kms.')) throw new Error(`KMS refused envelope ${token}`);
    return Buffer.from(token.slice(4), 'base64url');
  },
};

function appWith(logs: Array<[string, LogFields | undefined]>, security?: RequestStateSecurity<never>) {
  const logger = {
    ...silentLogger,
    warn: (m: string, f?: LogFields) => void logs.push([m, f]),
    info: (m: string, f?: LogFields) => void logs.push([m, f]),
  };
  return createApp({ name: 'refusals', version: '1', providers: [Deployer], security: security as never, logger });
}

describe('refusal logs and status', () => {
  test("a custom codec's own error: its reason is logged, with the token cut out", async () => {
    const logs: Array<[string, LogFields | undefined]> = [];
    const app = appWith(logs, new RequestStateSecurity({ codec: quotingCodec, audience: 'refusals' }) as never);
    const forged = 'v1.SECRETTOKENvalue-0123456789abcdef';
    const reply = await sendRaw(
      app,
      'tools/call',
      { name: 'sequential', arguments: {}, requestState: forged },
      { capabilities: caps },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.error).toEqual(FIXED);
    const refused = logs.find(([m]) => m === 'requestState refused');
    expect(refused?.[1]).toMatchObject({ reason: 'codec_error', detail: 'Error: KMS refused envelope [token]' });
    expect(JSON.stringify(logs)).not.toContain('SECRETTOKEN');
  });

  test('a bindPrincipal that throws: its message is the logged detail', async () => {
    const logs: Array<[string, LogFields | undefined]> = [];
    let fail = false;
    const security = new RequestStateSecurity({
      keys: ['refusal-logs-key-'.padEnd(40, 'k')],
      bindPrincipal: () => {
        if (fail) throw new Error('tenant directory down');
        return 'acme';
      },
    });
    const app = appWith(logs, security as never);
    const first = await sendRaw(app, 'tools/call', { name: 'sequential', arguments: {} }, { capabilities: caps });
    fail = true;
    const retry = await sendRaw(
      app,
      'tools/call',
      {
        name: 'sequential',
        arguments: {},
        requestState: first.body.result!.requestState,
        inputResponses: { first: { action: 'accept', content: { region: 'eu' } } },
      },
      { capabilities: caps },
    );
    expect(retry.body.error).toEqual(FIXED);
    expect(logs.find(([m]) => m === 'requestState refused')?.[1]).toMatchObject({
      reason: 'principal_error',
      detail: 'Error: tenant directory down',
    });
  });

  test('one HTTP status for every refusal: tampered, non-string, malformed inputResponses, over the limits', async () => {
    const logs: Array<[string, LogFields | undefined]> = [];
    const app = appWith(logs);
    const statuses = await Promise.all(
      [
        { name: 'sequential', arguments: {}, requestState: 'v1.tampered' },
        { name: 'sequential', arguments: {}, requestState: 42 },
        { name: 'sequential', arguments: {}, requestState: { forged: true } },
        { name: 'sequential', arguments: {}, inputResponses: [] },
        { name: 'sequential', arguments: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])) },
      ].map(async (params) => {
        const reply = await sendRaw(app, 'tools/call', params, { capabilities: caps });
        expect(reply.body.error?.code).toBe(-32602);
        return reply.status;
      }),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const reasons = logs.filter(([m]) => m === 'requestState refused').map(([, f]) => f?.reason);
    expect(reasons).toHaveLength(3);
    const before = logs.filter(([m]) => m === 'call refused before dispatch').map(([, f]) => f?.reason);
    expect(before).toEqual(
      expect.arrayContaining([
        expect.stringContaining('inputResponses must be an object'),
        expect.stringContaining('limits.maxArgumentKeys'),
      ]),
    );
    expect(JSON.stringify(logs)).not.toContain('tampered');
  });
});
