import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { InvalidStateReason } from '@tessera/request-state';
import { createDeployerHandler, InProcessKms } from '../src/index';

function setup(kms: InProcessKms, wire: string[], refusals: InvalidStateReason[], autoFulfill = true) {
  const handler = createDeployerHandler({ kms, keyId: 'alias/rs', onInvalid: (e) => refusals.push(e.reason) });
  const fetch = async (url: string | URL, init?: RequestInit) => {
    const request = new Request(url, init);
    wire.push(await request.clone().text());
    const response = await handler.fetch(request);
    wire.push(await response.clone().text());
    return response;
  };
  const client = new Client(
    { name: 'ops', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { elicitation: { form: {} } },
      inputRequired: { autoFulfill },
    },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { region: 'eu-west-1' } }));
  return { client, transport: new StreamableHTTPClientTransport(new URL('http://deployer.test/mcp'), { fetch }) };
}

describe('deployer example (KMS envelope codec, plain SDK server)', () => {
  it('completes the flow; the change ticket never reaches the wire', async () => {
    const kms = new InProcessKms();
    kms.createKey('alias/rs');
    const wire: string[] = [];
    const refusals: InvalidStateReason[] = [];
    const { client, transport } = setup(kms, wire, refusals);
    await client.connect(transport);
    const result = await client.callTool({ name: 'deploy', arguments: { service: 'api' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Deployed api to eu-west-1 under CHG-3-internal' }]);
    expect(wire.join('\n')).toMatch(/"requestState":"kms1\./);
    // the ticket is only in the final result text, never in any state on the wire before it
    expect(wire.slice(0, -1).join('\n')).not.toContain('CHG-3');
    expect(wire[wire.length - 1]).toContain('CHG-3-internal');
    expect(refusals).toEqual([]);
    await client.close();
  });

  it('a second instance sharing the KMS serves the retry; one with another KMS refuses it with -32602', async () => {
    const shared = new InProcessKms();
    shared.createKey('alias/rs');
    const refusals: InvalidStateReason[] = [];
    const first = setup(shared, [], refusals, false);
    await first.client.connect(first.transport);
    const round = (await first.client.callTool(
      { name: 'deploy', arguments: { service: 'db' } },
      { allowInputRequired: true },
    )) as unknown as {
      requestState: string;
    };
    const retry = {
      name: 'deploy',
      arguments: { service: 'db' },
      requestState: round.requestState,
      inputResponses: { region: { action: 'accept', content: { region: 'us-east-1' } } },
    };

    const second = setup(shared, [], refusals, false);
    await second.client.connect(second.transport);
    await expect(second.client.callTool(retry as never, { allowInputRequired: true })).resolves.toMatchObject({
      content: [{ text: 'Deployed db to us-east-1 under CHG-2-internal' }],
    });

    const otherKms = new InProcessKms();
    otherKms.createKey('alias/rs');
    const stranger = setup(otherKms, [], refusals, false);
    await stranger.client.connect(stranger.transport);
    await expect(stranger.client.callTool(retry as never, { allowInputRequired: true })).rejects.toMatchObject({
      code: -32602,
    });
    expect(refusals).toEqual(['codec_error']);
    await Promise.all([first.client.close(), second.client.close(), stranger.client.close()]);
  });

  it('the state replayed for another service is the fixed -32602, not a tool error', async () => {
    const kms = new InProcessKms();
    kms.createKey('alias/rs');
    const refusals: InvalidStateReason[] = [];
    const { client, transport } = setup(kms, [], refusals, false);
    await client.connect(transport);
    const round = (await client.callTool(
      { name: 'deploy', arguments: { service: 'db' } },
      { allowInputRequired: true },
    )) as unknown as { requestState: string };
    const inputResponses = { region: { action: 'accept', content: { region: 'us-east-1' } } };
    await expect(
      client.callTool(
        {
          name: 'deploy',
          arguments: { service: 'billing' },
          requestState: round.requestState,
          inputResponses,
        } as never,
        { allowInputRequired: true },
      ),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
    expect(refusals).toEqual(['arguments_mismatch']);
    await client.close();
  });
});
