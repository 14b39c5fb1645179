import { acceleratorsOffKind, serverEnv } from '../src/support/accelerator-kinds';

describe("the bench's accelerators-off kinds", () => {
  it('start a -plain kind with TESSERA_ACCELERATORS=off, and every other kind with them on', () => {
    const env = { PATH: '/bin', TESSERA_ACCELERATORS: 'off' };
    expect(serverEnv('tessera-plain', env)).toEqual({ PATH: '/bin', TESSERA_ACCELERATORS: 'off' });
    expect(serverEnv('flow-tessera-plain', { PATH: '/bin' })).toEqual({ PATH: '/bin', TESSERA_ACCELERATORS: 'off' });
    // an "off" inherited from the shell must not turn the "on" kinds off
    expect(serverEnv('tessera', env)).toEqual({ PATH: '/bin' });
    expect(serverEnv('tessera-sdk', env)).toEqual({ PATH: '/bin' });
  });

  it('starts a -no-validation kind with only the validation shortcuts off', () => {
    expect(serverEnv('tessera-no-validation', { PATH: '/bin', TESSERA_ACCELERATORS: 'off' })).toEqual({
      PATH: '/bin',
      TESSERA_ACCELERATORS: 'off:validation',
    });
    expect(acceleratorsOffKind('tessera-no-validation')).toBe(false);
  });

  it('names the -plain kinds as the ones with the accelerators off', () => {
    expect(['tessera', 'tessera-plain', 'flow-tessera', 'flow-tessera-plain'].map(acceleratorsOffKind)).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });
});
