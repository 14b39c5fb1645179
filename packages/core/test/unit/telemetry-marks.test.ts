import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { readFlowMark } from '../../src/contracts/flow-progress';
import { contextFromMeta } from '../../src/telemetry/traceparent';

describe('telemetry: traceparent from _meta', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const spanId = '00f067aa0ba902b7';

  test('a W3C traceparent (and tracestate) becomes the remote parent', () => {
    const parent = trace.getSpanContext(
      contextFromMeta({ traceparent: `00-${traceId}-${spanId}-01`, tracestate: 'vendor=abc' }, ROOT_CONTEXT)!,
    );
    expect(parent).toMatchObject({ traceId, spanId, traceFlags: 1, isRemote: true });
    expect(parent?.traceState?.get('vendor')).toBe('abc');
  });

  test.each([
    ['missing', undefined],
    ['not a string', 42],
    ['wrong version', `01-${traceId}-${spanId}-01`],
    ['short trace id', `00-${traceId.slice(1)}-${spanId}-01`],
    ['all-zero trace id', `00-${'0'.repeat(32)}-${spanId}-01`],
    ['all-zero span id', `00-${traceId}-${'0'.repeat(16)}-01`],
  ])('%s: ignored (the span starts from the active context)', (_label, traceparent) => {
    expect(contextFromMeta({ traceparent }, ROOT_CONTEXT)).toBeUndefined();
  });
});

describe('telemetry: the flow mark read from opened state', () => {
  test('a well-formed mark is read, with or without its trace', () => {
    const trace = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), flags: 1 };
    expect(readFlowMark({ id: 'f1', round: 2, trace })).toEqual({ id: 'f1', round: 2, trace });
    expect(readFlowMark({ id: 'f1', round: 3, trace: { traceId: 1 } })).toEqual({ id: 'f1', round: 3 });
  });

  test.each([
    undefined,
    null,
    'f1',
    { id: 1, round: 2 },
    { id: 'f1', round: 0 },
    { id: 'f1', round: 1.5 },
    { id: 'f1' },
  ])('%p: no mark', (value) => {
    expect(readFlowMark(value)).toBeUndefined();
  });
});
