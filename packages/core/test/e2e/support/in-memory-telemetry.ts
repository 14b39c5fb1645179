import { AggregationTemporality, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

/** A reader collected from on demand (cumulative sums and histograms). */
class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** OpenTelemetry providers that keep what they hear in memory: the finished spans, and metrics by name. */
export function inMemoryTelemetry() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    options: { tracerProvider, meterProvider },
    spans: () => exporter.getFinishedSpans(),
    /** The data points of one metric (none when it was never recorded). */
    async metric(name: string) {
      const { resourceMetrics } = await reader.collect();
      return (
        resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === name)?.dataPoints ?? []
      );
    },
  };
}
