import { readFileSync } from 'node:fs';
import path from 'node:path';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createApp, silentLogger } from '@tessera/core';
import { TesseraClient } from '@tessera/client';
import { pickAThenB, Steps } from './fixtures/two-steps.fixture';

/*
 * The client reads the caller's span from OpenTelemetry's active context, which only a registered context
 * manager carries across `await`. The README gives the set-up for a process whose SDK registers none
 * (a bare BasicTracerProvider); this file runs exactly those lines and shows what happens without them.
 */

const README_SETUP = [
  "import { context } from '@opentelemetry/api';",
  "import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';",
  'context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());',
];

const serverSpans = new InMemorySpanExporter();
const server = createApp({
  name: 'steps',
  version: '1',
  providers: [Steps],
  logger: silentLogger,
  telemetry: { tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(serverSpans)] }) },
});
const tracer = new BasicTracerProvider().getTracer('caller');

afterAll(async () => {
  context.disable();
  await server.close();
});

/** The caller's span id and the parent span id of each server round, for one call made inside `startActiveSpan`. */
async function callInActiveSpan(): Promise<{ caller: string; parents: (string | undefined)[] }> {
  serverSpans.reset();
  const client = new TesseraClient({ elicitation: pickAThenB });
  await client.connect({ fetch: (r: Request) => server.fetch(r) });
  try {
    const caller = await tracer.startActiveSpan('book a slot', async (span) => {
      await client.callTool({ name: 'twoSteps', arguments: {} });
      span.end();
      return span.spanContext().spanId;
    });
    const rounds = serverSpans.getFinishedSpans().filter((s) => s.name === 'tools/call twoSteps');
    return { caller, parents: rounds.map((s) => s.parentSpanContext?.spanId) };
  } finally {
    await client.close();
  }
}

describe("the client's trace propagation needs a context manager (README: Observability)", () => {
  test('without one, the active span is invisible to the client: the rounds start their own trace', async () => {
    expect(trace.getActiveSpan()).toBeUndefined();
    const { caller, parents } = await callInActiveSpan();
    expect(parents).toHaveLength(3);
    expect(parents).not.toContain(caller);
  });

  test("with the README's two lines, every round is a child of the caller's span", async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const { caller, parents } = await callInActiveSpan();
    expect(parents).toEqual([caller, caller, caller]);
  });

  test('the docs show those two lines (Logging and observability includes the snippet)', () => {
    const docs = path.join(__dirname, '..', '..', '..', 'docs');
    const snippet = readFileSync(path.join(docs, 'snippets', 'client', 'context-manager.ts'), 'utf8');
    for (const line of README_SETUP) expect(snippet).toContain(line);
    const page = readFileSync(path.join(docs, 'serving', 'observability.md'), 'utf8');
    expect(page).toContain('<<< @/snippets/client/context-manager.ts');
  });
});
