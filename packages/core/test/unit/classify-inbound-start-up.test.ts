import { classifyInboundRequest, type InboundClassificationOutcome } from '@modelcontextprotocol/server';
import { checkLaneAssumptions } from '../../src/accelerators/lane/check-lane-assumptions';
import { quickClassifierAgrees } from '../../src/accelerators/lane/direct/classify-inbound';

// the SDK's classifier, as an SDK that changed it would have it (the real one unless a test says otherwise)
jest.mock('@modelcontextprotocol/server', () => {
  const actual = jest.requireActual<typeof import('@modelcontextprotocol/server')>('@modelcontextprotocol/server');
  return { ...actual, classifyInboundRequest: jest.fn(actual.classifyInboundRequest) };
});
const sdkClassifier = classifyInboundRequest as jest.MockedFunction<typeof classifyInboundRequest>;
const real =
  jest.requireActual<typeof import('@modelcontextprotocol/server')>(
    '@modelcontextprotocol/server',
  ).classifyInboundRequest;

/**
 * The lane's quick classifier reads a plain request's route off its body; at start-up it is held to the
 * installed SDK's classifier, and an SDK that routes such a request otherwise turns the lane off.
 */
afterEach(() => sdkClassifier.mockImplementation(real));

it('agrees with the pinned SDK, and the lane has nothing to name', () => {
  expect(quickClassifierAgrees()).toBe(true);
  expect(checkLaneAssumptions()).toEqual([]);
});

it('an SDK that routes a plain request otherwise turns the lane off, naming its classifier', () => {
  sdkClassifier.mockImplementation((request): InboundClassificationOutcome => {
    const outcome = real(request);
    return outcome.kind === 'modern' ? { ...outcome, classification: { era: 'modern' } } : outcome;
  });
  expect(quickClassifierAgrees()).toBe(false);
  expect(checkLaneAssumptions()).toEqual([
    'classifyInboundRequest (no longer gives the route the direct path reads off a plain request)',
  ]);
});

it('so does one that refuses a plain request', () => {
  sdkClassifier.mockImplementation((request) => ({ ...real({ ...request, body: [] }) }));
  expect(quickClassifierAgrees()).toBe(false);
});
