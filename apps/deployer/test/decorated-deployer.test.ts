import { TesseraClient } from '@tessera/client';
import { silentLogger } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { createDecoratedDeployer, InProcessKms } from '../src/index';

const elicitation = async () => ({ action: 'accept' as const, content: { region: 'ap-south-1' } });

function kmsWithKey(): InProcessKms {
  const kms = new InProcessKms();
  kms.createKey('alias/rs');
  return kms;
}

describe('deployer on decorators (KMS envelope codec as the requestState policy)', () => {
  test('the @Elicit flow completes through the codec; another instance sharing the KMS serves the retry', async () => {
    const kms = kmsWithKey();
    const first = createDecoratedDeployer({ kms, keyId: 'alias/rs', logger: silentLogger });
    const second = createDecoratedDeployer({ kms, keyId: 'alias/rs', logger: silentLogger });
    let legs = 0;
    const balanced = { fetch: (r: Request) => (r.headers.get('mcp-method') === 'tools/call' && legs++ % 2 === 1 ? second : first).fetch(r) };
    const client = new TesseraClient({ elicitation });
    await client.connect(balanced);
    const result = await client.callTool({ name: 'deploy', arguments: { service: 'api' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Deployed api to ap-south-1' }]);
    expect(legs).toBe(2);
  });

  test('a state from an instance with another KMS is the fixed -32602; binding still applies around the codec', async () => {
    const a = createDecoratedDeployer({ kms: kmsWithKey(), keyId: 'alias/rs', logger: silentLogger });
    const b = createDecoratedDeployer({ kms: kmsWithKey(), keyId: 'alias/rs', logger: silentLogger });
    const caps = { elicitation: {} };
    const first = await sendRaw(a, 'tools/call', { name: 'deploy', arguments: { service: 'api' } }, { capabilities: caps });
    const state = first.body.result!.requestState as string;
    const fixed = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };
    expect((await sendRaw(b, 'tools/call', { name: 'deploy', arguments: { service: 'api' }, requestState: state }, { capabilities: caps })).body.error).toEqual(fixed);
    expect((await sendRaw(a, 'tools/call', { name: 'deploy', arguments: { service: 'web' }, requestState: state }, { capabilities: caps })).body.error).toEqual(fixed);
    expect((await sendRaw(a, 'tools/call', { name: 'deploy', arguments: { service: 'api' }, requestState: state }, { capabilities: caps })).body.result?.resultType).toBe('input_required');
  });
});
