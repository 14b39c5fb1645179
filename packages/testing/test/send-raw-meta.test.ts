import { createApp, Ctx, Provider, silentLogger, Tool, type ExecutionContext } from '@tessera/core';
import { sendRaw } from '@tessera/testing';

@Provider()
class MetaEcho {
  @Tool()
  meta(@Ctx() ctx: ExecutionContext): string {
    return JSON.stringify({ note: ctx.sdk.mcpReq._meta?.note, protocol: ctx.protocolVersion });
  }
}

test("sendRaw keeps the caller's _meta next to the envelope's keys", async () => {
  const app = createApp({ name: 'meta', version: '1', providers: [MetaEcho], logger: silentLogger });
  const reply = await sendRaw(app, 'tools/call', { name: 'meta', arguments: {}, _meta: { note: 'mine' } });
  expect(reply.body.result).toMatchObject({
    content: [{ type: 'text', text: JSON.stringify({ note: 'mine', protocol: '2026-07-28' }) }],
  });
});
