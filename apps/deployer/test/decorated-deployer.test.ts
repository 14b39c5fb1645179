import { silentLogger } from '@tessera/core';
import { answer, createFlowTester, sendRaw } from '@tessera/testing';
import { createDecoratedDeployer, InProcessKms } from '../src/index';

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
    const balanced = {
      fetch: (r: Request) =>
        (r.headers.get('mcp-method') === 'tools/call' && legs++ % 2 === 1 ? second : first).fetch(r),
    };
    const tester = await createFlowTester(balanced);
    try {
      const flow = await tester.callTool(
        'deploy',
        { service: 'api' },
        { answers: { region: answer.accept({ region: 'ap-south-1' }) } },
      );
      flow.expectRounds(1).expectAsked(1, ['region']).expectResult('Deployed api to ap-south-1');
    } finally {
      await tester.close();
    }
    expect(legs).toBe(2);
  });

  test('a state from an instance with another KMS is the fixed -32602; binding still applies around the codec', async () => {
    const a = createDecoratedDeployer({ kms: kmsWithKey(), keyId: 'alias/rs', logger: silentLogger });
    const b = createDecoratedDeployer({ kms: kmsWithKey(), keyId: 'alias/rs', logger: silentLogger });
    // a leg of deploy sent raw to one instance, with the state given (none on the first leg)
    const deploy = (to: typeof a, service: string, requestState?: string) =>
      sendRaw(
        to,
        'tools/call',
        { name: 'deploy', arguments: { service }, requestState },
        {
          capabilities: { elicitation: {} },
        },
      );
    const state = (await deploy(a, 'api')).body.result!.requestState as string;
    const fixed = {
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    };
    expect((await deploy(b, 'api', state)).body.error).toEqual(fixed);
    expect((await deploy(a, 'web', state)).body.error).toEqual(fixed);
    expect((await deploy(a, 'api', state)).body.result?.resultType).toBe('input_required');
  });
});
