import { MeterProvider, MetricReader, AggregationTemporality } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { IsInt, IsIn } from 'class-validator';
import {
  Args,
  createApp,
  Elicit,
  Field,
  Provider,
  silentLogger,
  Tool,
  ToolError,
  UseGuards,
  type RoundOutcome,
} from '@tessera/core';
import { sendRaw } from '@tessera/testing';

// Each way a round can fail is counted under its own outcome, so `internal_error` counts only crashes.

class Count {
  @IsInt() n!: number;
}
class Confirm {
  @Field() @IsIn(['yes']) sure!: string;
}

@Provider()
class Outcomes {
  @Tool()
  refuses(): string {
    throw new ToolError('no such machine');
  }
  @Tool()
  returnsError() {
    return { content: [{ type: 'text' as const, text: 'bad' }], isError: true };
  }
  @Tool()
  counts(@Args() args: Count): string {
    return String(args.n);
  }
  @Tool()
  @UseGuards({ canActivate: () => false })
  guarded(): string {
    return 'never';
  }
  @Tool()
  confirms(@Elicit({ key: 'sure', message: 'Sure?', schema: Confirm }) c: Confirm): string {
    return c.sure;
  }
  @Tool()
  crashes(): string {
    throw new Error('bug');
  }
  @Tool()
  works(): string {
    return 'ok';
  }
}

class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

function setup() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const app = createApp({
    name: 'outcomes',
    version: '1',
    providers: [Outcomes],
    logger: silentLogger,
    telemetry: { tracerProvider, meterProvider },
  });
  return { app, exporter, reader };
}

async function outcomesOf(reader: MetricReader): Promise<string[]> {
  const { resourceMetrics } = await reader.collect();
  const points =
    resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === 'tessera.rounds')
      ?.dataPoints ?? [];
  return points
    .map(
      (p) => `${String(p.attributes['tessera.target'])} ${p.attributes['tessera.outcome'] as RoundOutcome} ${p.value}`,
    )
    .sort();
}

const caps = { capabilities: { elicitation: {} } };

test('each failure is counted and traced under its own outcome', async () => {
  const { app, exporter, reader } = setup();
  let id = 0;
  const call = (name: string, args: unknown = {}, extra: Record<string, unknown> = {}) =>
    sendRaw(app, 'tools/call', { name, arguments: args, ...extra }, { ...caps, id: ++id });
  await call('refuses');
  await call('returnsError');
  await call('counts', { n: 'x' });
  await call('guarded');
  await call('crashes');
  await call('works');
  await sendRaw(app, 'tools/call', { name: 'confirms', arguments: {} }, { capabilities: {}, id: ++id });
  const first = await call('confirms');
  await call(
    'confirms',
    {},
    { requestState: first.body.result!.requestState, inputResponses: { sure: { action: 'decline' } } },
  );

  const counted = await outcomesOf(reader);
  expect(counted).toEqual([
    'confirms declined 1',
    'confirms input_required 1',
    'confirms missing_capability 1',
    'counts invalid_arguments 1',
    'crashes internal_error 1',
    'guarded forbidden 1',
    'refuses tool_error 1',
    'returnsError tool_error 1',
    'works complete 1',
  ]);
  const spans = exporter.getFinishedSpans().filter((s) => s.name === 'tools/call confirms');
  expect(spans.map((s) => s.attributes['tessera.outcome'])).toEqual([
    'missing_capability',
    'input_required',
    'declined',
  ]);
});

test('a cancelled question the method needed is counted as cancelled', async () => {
  const { app, exporter } = setup();
  const first = await sendRaw(app, 'tools/call', { name: 'confirms', arguments: {} }, caps);
  await sendRaw(
    app,
    'tools/call',
    {
      name: 'confirms',
      arguments: {},
      requestState: first.body.result!.requestState,
      inputResponses: { sure: { action: 'cancel' } },
    },
    { ...caps, id: 2 },
  );
  expect(exporter.getFinishedSpans().map((s) => s.attributes['tessera.outcome'])).toEqual([
    'input_required',
    'cancelled',
  ]);
});
