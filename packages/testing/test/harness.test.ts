import { IsString } from 'class-validator';
import { Args, createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { connectInMemory, connectLoopback, sendRaw } from '@tessera/testing';

class EchoArgs {
  @IsString()
  text!: string;
}

@Provider()
class Echo {
  @Tool()
  echo(@Args() args: EchoArgs): string {
    return args.text;
  }
}

const app = () => createApp({ name: 'echo', version: '1', providers: [Echo], logger: silentLogger });

describe('@tessera/testing', () => {
  test('in memory, pinned to 2026-07-28', async () => {
    const client = await connectInMemory(app());
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).content).toEqual([
      { type: 'text', text: 'hi' },
    ]);
  });

  test('in memory on the 2025 era', async () => {
    const client = await connectInMemory(app(), { protocol: 'legacy' });
    expect(client.getNegotiatedProtocolVersion()).not.toBe('2026-07-28');
    expect((await client.callTool({ name: 'echo', arguments: { text: 'old' } })).content).toEqual([
      { type: 'text', text: 'old' },
    ]);
  });

  test('over loopback HTTP, and closes cleanly', async () => {
    const a = app();
    const { client, url, close } = await connectLoopback(a);
    expect(url.hostname).toBe('127.0.0.1');
    expect((await client.callTool({ name: 'echo', arguments: { text: 'net' } })).content).toEqual([
      { type: 'text', text: 'net' },
    ]);
    await close();
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  test('sendRaw reaches the server with the envelope a client would send', async () => {
    const r = await sendRaw(app(), 'tools/call', { name: 'echo', arguments: { text: 'raw' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ content: [{ type: 'text', text: 'raw' }] });
  });
});
