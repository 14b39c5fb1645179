import { AggregationTemporality, MeterProvider, MetricReader, type Histogram } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { IsIn, IsString } from 'class-validator';
import { Args, createApp, Elicit, Field, Provider, silentLogger, Tool, type AppModule } from '@tessera/core';
import { answer, createFlowTester, sendRaw } from '@tessera/testing';

class LaunchArgs {
  @IsString()
  name!: string;
}

class Site {
  @Field({ title: 'Site' })
  @IsIn(['north', 'south'])
  site!: string;
}

class Code {
  @Field({ title: 'Launch code' })
  @IsString()
  code!: string;
}

@Provider()
class Launcher {
  /** Three rounds: the site, then (after it) a code, then the result. */
  @Tool()
  launch(
    @Args() args: LaunchArgs,
    @Elicit({ key: 'site', message: 'Which site?', schema: Site }) site: Site,
    @Elicit({ key: 'code', after: ['site'], message: 'The launch code?', schema: Code }) code: Code,
  ): string {
    return `launched ${args.name} from ${site.site} (${code.code.length} chars)`;
  }
}

/** A reader we collect from on demand (cumulative sums and histograms). */
class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

const SECRET = 'code-7f3a-never-exported';

function setup() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const module: AppModule = {
    name: 'launcher',
    version: '1.0.0',
    providers: [Launcher],
    logger: silentLogger,
    telemetry: { tracerProvider, meterProvider },
  };
  return { exporter, reader, module };
}

async function metric(reader: MetricReader, name: string) {
  const { resourceMetrics } = await reader.collect();
  return (
    resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === name)?.dataPoints ?? []
  );
}

const answers = { site: answer.accept({ site: 'north' }), code: answer.accept({ code: SECRET }) };
const attr = (span: ReadableSpan, key: string) => span.attributes[key];

describe('telemetry: round spans and flow metrics (OpenTelemetry, in-memory exporter)', () => {
  test('a three-round flow is one linked trace: a span per round, one flow id, question keys, outcomes, never answers', async () => {
    const { exporter, reader, module } = setup();
    const tester = await createFlowTester(module);
    try {
      (await tester.callTool('launch', { name: 'probe' }, { answers }))
        .expectRounds(2)
        .expectResult(/launched probe from north/);
    } finally {
      await tester.close();
    }
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['tools/call launch', 'tools/call launch', 'tools/call launch']);
    const [first, second, third] = spans;
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(spans.map((s) => attr(s, 'tessera.flow.round'))).toEqual([1, 2, 3]);
    expect(new Set(spans.map((s) => attr(s, 'tessera.flow.id'))).size).toBe(1);
    expect(attr(first, 'tessera.flow.id')).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{16}$/));
    expect(spans.map((s) => attr(s, 'tessera.question.keys'))).toEqual([['site'], ['code'], undefined]);
    expect(spans.map((s) => attr(s, 'tessera.outcome'))).toEqual(['input_required', 'input_required', 'complete']);
    expect(
      spans.every((s) => attr(s, 'mcp.method.name') === 'tools/call' && attr(s, 'tessera.target') === 'launch'),
    ).toBe(true);
    // later rounds: children of the first round's span, and linked to it
    expect(first.parentSpanContext).toBeUndefined();
    for (const later of [second, third]) {
      expect(later.parentSpanContext?.spanId).toBe(first.spanContext().spanId);
      expect(later.links.map((l) => l.context.spanId)).toEqual([first.spanContext().spanId]);
    }
    expect(JSON.stringify(spans.map((s) => [s.attributes, s.links, s.events]))).not.toContain(SECRET);
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain('north');

    const rounds = await metric(reader, 'tessera.rounds');
    expect(rounds.map((p) => [p.attributes['tessera.outcome'], p.value]).sort()).toEqual([
      ['complete', 1],
      ['input_required', 2],
    ]);
    const [perFlow] = await metric(reader, 'tessera.flow.rounds');
    expect(perFlow.value as Histogram).toMatchObject({ count: 1, sum: 3 });
  });

  test('a traceparent in _meta is honoured: every round is its child, and later rounds link to the first', async () => {
    const { exporter, module } = setup();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const tester = await createFlowTester(module);
    try {
      (
        await tester.callTool(
          'launch',
          { name: 'probe' },
          { answers, _meta: { traceparent: `00-${traceId}-${parentId}-01` } },
        )
      ).expectRounds(2);
    } finally {
      await tester.close();
    }
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.spanContext().traceId)).toEqual([traceId, traceId, traceId]);
    expect(spans.map((s) => s.parentSpanContext?.spanId)).toEqual([parentId, parentId, parentId]);
    expect(spans[2].links[0].context.spanId).toBe(spans[0].spanContext().spanId);
  });

  test('a refused state is counted by reason and traced, server side; the wire answer is unchanged', async () => {
    const { exporter, reader, module } = setup();
    const app = createApp(module);
    const refused = await sendRaw(
      app,
      'tools/call',
      { name: 'launch', arguments: { name: 'probe' }, requestState: 'forged' },
      { capabilities: { elicitation: {} } },
    );
    expect(refused.body.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    const [point] = await metric(reader, 'tessera.request_state.refused');
    expect(point.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'tessera.request_state.refusal_reason': expect.any(String),
    });
    expect(point.value).toBe(1);
    const [span] = exporter.getFinishedSpans();
    expect(span.attributes).toMatchObject({
      'tessera.outcome': 'refused_state',
      'tessera.request_state.refusal_reason': point.attributes['tessera.request_state.refusal_reason'],
    });
    await app.close();
  });

  test('a state refused before dispatch (not a string) is counted and traced by the same metrics', async () => {
    const { exporter, reader, module } = setup();
    const app = createApp(module);
    const refused = await sendRaw(
      app,
      'tools/call',
      { name: 'launch', arguments: { name: 'probe' }, requestState: 42 },
      { capabilities: { elicitation: {} } },
    );
    expect(refused.body.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    const [point] = await metric(reader, 'tessera.request_state.refused');
    expect(point.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'tessera.request_state.refusal_reason': 'not_string',
    });
    expect(point.value).toBe(1);
    const [rounds] = await metric(reader, 'tessera.rounds');
    expect(rounds.attributes).toMatchObject({ 'tessera.outcome': 'refused_state', 'tessera.target': 'launch' });
    const [span] = exporter.getFinishedSpans();
    expect(span.attributes).toMatchObject({
      'tessera.outcome': 'refused_state',
      'tessera.request_state.refusal_reason': 'not_string',
    });
    await app.close();
  });

  test('off by default: no spans, and the pipeline lists no telemetry stage work', async () => {
    const { exporter, module } = setup();
    const app = createApp({ ...module, telemetry: undefined });
    expect(
      app.describePipeline().filter((s) => s.runs.length > 0 && /telemetry|round span|refused/i.test(s.runs.join())),
    ).toEqual([]);
    const tester = await createFlowTester(app);
    await tester.callTool('launch', { name: 'probe' }, { answers });
    await tester.close();
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(() => createApp({ ...module, telemetry: 'yes' as never })).toThrow(
      'Module telemetry must be true, false or { tracerProvider?, meterProvider? }, got yes.',
    );
    await app.close();
  });
});
