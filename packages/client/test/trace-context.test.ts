import { context, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { TesseraClient } from '@tessera/client';
import { pickAThenB, Steps } from './fixtures/two-steps.fixture';

/*
 * The client sends its caller's active span as `_meta.traceparent` on every leg; the server (telemetry on)
 * makes each round's span a child of it. Two tracer providers stand for the two processes; the client side
 * has a real async context manager, as an OpenTelemetry Node SDK would register.
 */

const serverSpans = new InMemorySpanExporter();
const serverTracing = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(serverSpans)] });
const clientTracer = new BasicTracerProvider().getTracer('caller');
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
});
afterAll(() => {
  context.disable();
});
afterEach(() => serverSpans.reset());

function newClient(): TesseraClient {
  return new TesseraClient({ elicitation: pickAThenB });
}

/** Runs `work` with `span` as the active span, as instrumented caller code would. */
function inSpan<T>(span: Span, work: () => Promise<T>): Promise<T> {
  return context.with(trace.setSpan(context.active(), span), work);
}

const roundSpans = (): ReadableSpan[] => serverSpans.getFinishedSpans().filter((s) => s.name === 'tools/call twoSteps');

describe.each(['memory', 'http'] as const)('trace context from the client to a Tessera server (%s)', (mode) => {
  let server: TesseraApp;
  let target: { fetch: (r: Request) => Promise<Response> } | { url: string };
  beforeAll(async () => {
    server = createApp({
      name: 'steps',
      version: '1',
      providers: [Steps],
      logger: silentLogger,
      telemetry: { tracerProvider: serverTracing },
    });
    target =
      mode === 'memory'
        ? { fetch: (r: Request) => server.fetch(r) }
        : { url: (await listen(server, { port: 0 })).url.toString() };
  });
  afterAll(() => server.close());

  test("every round of a three-leg flow is a child of the caller's active span, in its trace", async () => {
    const client = newClient();
    await client.connect(target as never);
    const caller = clientTracer.startSpan('book a slot');
    try {
      const result = await inSpan(caller, () => client.callTool({ name: 'twoSteps', arguments: {} }));
      expect(result.content).toEqual([{ type: 'text', text: 'ab' }]);
    } finally {
      caller.end();
      await client.close();
    }
    const rounds = roundSpans();
    expect(rounds).toHaveLength(3);
    const { traceId, spanId } = caller.spanContext();
    expect(rounds.map((s) => s.spanContext().traceId)).toEqual([traceId, traceId, traceId]);
    expect(rounds.map((s) => s.parentSpanContext?.spanId)).toEqual([spanId, spanId, spanId]);
    expect(rounds.map((s) => s.parentSpanContext?.isRemote)).toEqual([true, true, true]);
  });

  test('without an active span nothing is sent: the first round starts its own trace and later rounds follow it', async () => {
    const client = newClient();
    await client.connect(target as never);
    try {
      await client.callTool({ name: 'twoSteps', arguments: {} });
    } finally {
      await client.close();
    }
    const [first, ...later] = roundSpans();
    expect(first.parentSpanContext).toBeUndefined();
    for (const span of later) expect(span.parentSpanContext?.spanId).toBe(first.spanContext().spanId);
  });

  test('a traceparent the caller puts in _meta wins over the active span', async () => {
    const client = newClient();
    await client.connect(target as never);
    const own = { traceId: '5bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    const caller = clientTracer.startSpan('ignored');
    try {
      await inSpan(caller, () =>
        client.callTool({
          name: 'twoSteps',
          arguments: {},
          _meta: { traceparent: `00-${own.traceId}-${own.spanId}-01` },
        }),
      );
    } finally {
      caller.end();
      await client.close();
    }
    expect(roundSpans().map((s) => [s.spanContext().traceId, s.parentSpanContext?.spanId])).toEqual([
      [own.traceId, own.spanId],
      [own.traceId, own.spanId],
      [own.traceId, own.spanId],
    ]);
  });
});
