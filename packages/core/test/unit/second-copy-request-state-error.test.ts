import { createApp, InvalidRequestStateError, Provider, silentLogger, Tool, type LogFields } from '@tessera/core';
import { sendRaw } from '@tessera/testing';

// Errors are recognised by the package's brand, not instanceof, so an InvalidRequestStateError
// from a second loaded copy of @tessera/request-state (two bundles) still answers the fixed -32602.
let SecondCopy: typeof InvalidRequestStateError;
jest.isolateModules(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  SecondCopy = (require('../../../request-state/src') as typeof import('@tessera/request-state'))
    .InvalidRequestStateError;
});

@Provider()
class Stale {
  @Tool()
  resume(): string {
    throw new SecondCopy('expired');
  }
}

test('an InvalidRequestStateError of another copy maps to the fixed -32602 and logs its reason', async () => {
  expect(new SecondCopy('expired')).not.toBeInstanceOf(InvalidRequestStateError); // really a second copy
  const logs: Array<[string, LogFields | undefined]> = [];
  const app = createApp({
    name: 'copies',
    version: '1',
    providers: [Stale],
    logger: { ...silentLogger, warn: (m, f) => void logs.push([m, f]) },
  });
  const answer = await sendRaw(app, 'tools/call', { name: 'resume', arguments: {} });
  expect(answer.body.error).toEqual({
    code: -32602,
    message: 'Invalid or expired requestState',
    data: { reason: 'invalid_request_state' },
  });
  expect(logs).toContainEqual(['requestState refused', expect.objectContaining({ reason: 'expired' })]);
});
