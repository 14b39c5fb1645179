import { inputRequired, type JSONRPCMessage, type Tool } from '@modelcontextprotocol/server';
import { Args, createApp, Provider, RequestStateSecurity, silentLogger, Tool as ToolDecorator } from '@tessera/core';
import { createLowLevelServer, type LowLevelServerOptions, type LowLevelToolHandler } from '@tessera/core/advanced';
import type { Servable } from '@tessera/core/node';
import { sendRaw } from '@tessera/testing';
import { IsString } from 'class-validator';
import { inMemoryTelemetry } from './support/in-memory-telemetry';
import { overStdio } from './support/over-stdio';

/**
 * The low-level server runs every `tools/call` through the decorated server's call pipeline (CALL_STAGES):
 * its rounds are traced and counted, its refused states counted by reason, and a state refused before
 * dispatch is counted the same on HTTP and on stdio, for a low-level server and a decorated app alike.
 */
const tools: Tool[] = [
  { name: 'ask', inputSchema: { type: 'object' } },
  { name: 'fail', inputSchema: { type: 'object' } },
  { name: 'crash', inputSchema: { type: 'object' } },
];
const callTool: LowLevelToolHandler = (name, _args, ctx) => {
  if (name === 'fail') return { isError: true, content: [{ type: 'text', text: 'no' }] };
  if (name === 'crash') throw new Error('boom');
  if (ctx.requestState === 'asked') return { content: [{ type: 'text', text: 'done' }] };
  return inputRequired({
    inputRequests: {
      ok: inputRequired.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } }),
    },
    requestState: 'asked',
  });
};
const ELICITATION = { capabilities: { elicitation: { form: {} } } };

function lowLevel(extra: Partial<LowLevelServerOptions> = {}) {
  const telemetry = inMemoryTelemetry();
  const server = createLowLevelServer({
    name: 'low',
    version: '1',
    tools,
    callTool,
    logger: silentLogger,
    requestState: RequestStateSecurity.ephemeral(),
    telemetry: telemetry.options,
    ...extra,
  });
  return { server, telemetry };
}

describe('the low-level server on the call pipeline', () => {
  it('lists the same stages as a decorated app, its callTool in the invoke stage', () => {
    const { server } = lowLevel();
    const app = createApp({ name: 'app', version: '1', providers: [], logger: silentLogger, telemetry: true });
    const stages = server.describePipeline('ask');
    expect(stages.map((s) => s.stage)).toEqual(app.describePipeline().map((s) => s.stage));
    expect(Object.fromEntries(stages.map((s) => [s.stage, s.runs]))).toMatchObject({
      'state-refusals': ['refused-state counter (OpenTelemetry)'],
      'request-state': ['RequestStateInterceptor instance'],
      'round-trace': ['round span (OpenTelemetry)'],
      params: ['#0 @Ctx'],
      invoke: ['callTool("ask") of server "low"'],
    });
    const unsealed = lowLevel({ requestState: undefined, telemetry: undefined }).server.describePipeline('ask');
    expect(unsealed.find((s) => s.stage === 'request-state')!.runs).toEqual([
      'requestState passed as sent (sealing off)',
    ]);
    expect(() => server.describePipeline('nope')).toThrow('no tool named "nope" in "low"');
  });

  it('traces and counts each round of a sealed flow, one flow id across them', async () => {
    const { server, telemetry } = lowLevel();
    const first = await sendRaw(server, 'tools/call', { name: 'ask', arguments: {} }, ELICITATION);
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    const state = first.body.result!.requestState as string;
    expect(state).not.toBe('asked'); // sealed
    const second = await sendRaw(
      server,
      'tools/call',
      { name: 'ask', arguments: {}, requestState: state, inputResponses: { ok: { action: 'accept', content: {} } } },
      ELICITATION,
    );
    expect(second.body.result).toMatchObject({ content: [{ text: 'done' }] });
    const spans = telemetry.spans();
    expect(spans.map((s) => [s.name, s.attributes['tessera.flow.round'], s.attributes['tessera.outcome']])).toEqual([
      ['tools/call ask', 1, 'input_required'],
      ['tools/call ask', 2, 'complete'],
    ]);
    expect(spans[1]!.attributes['tessera.flow.id']).toBe(spans[0]!.attributes['tessera.flow.id']);
    const rounds = await telemetry.metric('tessera.rounds');
    expect(rounds.map((p) => [p.attributes['tessera.outcome'], p.value]).sort()).toEqual([
      ['complete', 1],
      ['input_required', 1],
    ]);
  });

  it('counts a tool error and a crash by their outcome', async () => {
    const { server, telemetry } = lowLevel();
    expect((await sendRaw(server, 'tools/call', { name: 'fail', arguments: {} })).body.result).toMatchObject({
      isError: true,
    });
    expect((await sendRaw(server, 'tools/call', { name: 'crash', arguments: {} })).body.result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^Internal error \(ref /) }],
    });
    expect(telemetry.spans().map((s) => s.attributes['tessera.outcome'])).toEqual(['tool_error', 'internal_error']);
  });

  it('counts a forged state by its reason, the handler never called', async () => {
    const seen: unknown[] = [];
    const { server, telemetry } = lowLevel({ callTool: (...a) => (seen.push(a), callTool(...a)) });
    const refused = await sendRaw(server, 'tools/call', { name: 'ask', arguments: {}, requestState: 'forged' });
    expect(refused.body.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    expect(seen).toEqual([]);
    const [point] = await telemetry.metric('tessera.request_state.refused');
    expect(point!.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'tessera.request_state.refusal_reason': expect.any(String),
    });
    expect(telemetry.spans().map((s) => s.attributes['tessera.outcome'])).toEqual(['refused_state']);
  });
});

class Named {
  @IsString()
  name!: string;
}
@Provider()
class Greeter {
  @ToolDecorator()
  ask(@Args() args: Named): string {
    return `hi ${args.name}`;
  }
}

describe.each([
  ['a low-level server', () => lowLevel()],
  [
    'a decorated app',
    () => {
      const telemetry = inMemoryTelemetry();
      const app = createApp({
        name: 'app',
        version: '1',
        providers: [Greeter],
        logger: silentLogger,
        telemetry: telemetry.options,
      });
      return { server: app, telemetry };
    },
  ],
])('%s: a state refused before dispatch', (_what, make) => {
  const stateless = {
    name: 'ask',
    arguments: { name: 'x' },
    requestState: 42,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  };

  it.each([
    ['over HTTP', (s: Servable) => sendRaw(s, 'tools/call', stateless).then((r) => r.body as JSONRPCMessage)],
    ['over stdio', (s: Servable) => overStdio(s, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: stateless })],
  ])('%s is counted by the same metrics as the pipeline refusals', async (_face, send) => {
    const { server, telemetry } = make();
    const answer = await send(server);
    expect(answer).toMatchObject({ id: 1, error: { code: -32602, message: 'Invalid or expired requestState' } });
    const [point] = await telemetry.metric('tessera.request_state.refused');
    expect(point!.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'tessera.request_state.refusal_reason': 'not_string',
    });
    expect(point!.value).toBe(1);
    const [rounds] = await telemetry.metric('tessera.rounds');
    expect(rounds!.attributes).toMatchObject({ 'tessera.outcome': 'refused_state', 'tessera.target': 'ask' });
    expect(telemetry.spans().map((s) => s.attributes['tessera.request_state.refusal_reason'])).toEqual(['not_string']);
    await server.close();
  });

  it.each([
    ['malformed answers', { inputResponses: [] }],
    ['arguments over the limits', { arguments: { name: 'x', deep: nested(40) } }],
  ])(
    '%s: a call refused before dispatch counts as a round of invalid_arguments, on HTTP and stdio',
    async (_w, bad) => {
      const { server, telemetry } = make();
      const params = { ...stateless, requestState: undefined, ...bad };
      const overHttp = (await sendRaw(server, 'tools/call', params)).body as JSONRPCMessage;
      const overPipe = await overStdio(server, { jsonrpc: '2.0', id: 1, method: 'tools/call', params });
      for (const answer of [overHttp, overPipe]) expect(answer).toMatchObject({ id: 1, error: { code: -32602 } });
      const [rounds] = await telemetry.metric('tessera.rounds');
      expect(rounds!.attributes).toEqual({
        'mcp.method.name': 'tools/call',
        'tessera.target': 'ask',
        'tessera.outcome': 'invalid_arguments',
      });
      expect(rounds!.value).toBe(2);
      expect(await telemetry.metric('tessera.request_state.refused')).toEqual([]);
      await server.close();
    },
  );
});

/** An object nested `depth` levels deep. */
function nested(depth: number): unknown {
  return depth === 0 ? {} : { a: nested(depth - 1) };
}
