import { isStateCarryingMethod, STATE_CARRYING_METHODS } from '@tessera/common';

describe('the state-carrying methods', () => {
  test('are the three methods that may answer input_required', () => {
    expect([...STATE_CARRYING_METHODS]).toEqual(['tools/call', 'prompts/get', 'resources/read']);
    for (const method of STATE_CARRYING_METHODS) expect(isStateCarryingMethod(method)).toBe(true);
  });

  test('no other method, and no look-alike, carries state', () => {
    for (const method of ['tools/list', 'resources/list', 'initialize', 'TOOLS/CALL', 'tools/call ', '', 42, null])
      expect(isStateCarryingMethod(method)).toBe(false);
  });
});
