import { ACCELERATOR_NAMES, acceleratorOff, acceleratorsOff } from '../src/accelerators-switch';

const env = (value: string | undefined) => ({ TESSERA_ACCELERATORS: value });

describe('TESSERA_ACCELERATORS', () => {
  it('unset, empty or "on" leaves every accelerator on', () => {
    for (const value of [undefined, '', 'on']) {
      expect(acceleratorsOff(env(value))).toBe(false);
      expect(ACCELERATOR_NAMES.filter((name) => acceleratorOff(name, env(value)))).toEqual([]);
    }
  });

  it('"off" turns every accelerator off', () => {
    expect(acceleratorsOff(env('off'))).toBe(true);
    expect(ACCELERATOR_NAMES.filter((name) => acceleratorOff(name, env('off')))).toEqual([...ACCELERATOR_NAMES]);
  });

  it('"off:<names>" turns off only the ones named, so each can be measured alone', () => {
    const named = env('off:validation, node-http');
    expect(acceleratorsOff(named)).toBe(false);
    expect(ACCELERATOR_NAMES.filter((name) => acceleratorOff(name, named))).toEqual(['validation', 'node-http']);
  });

  it('refuses a name it does not know, naming it and the ones it knows', () => {
    expect(() => acceleratorOff('lane', env('off:lane,validator'))).toThrow(
      'TESSERA_ACCELERATORS names no accelerator "validator"; the accelerators are lane, validation, node-http',
    );
    expect(() => acceleratorsOff(env('off:'))).toThrow('TESSERA_ACCELERATORS names no accelerator ""');
  });

  it('refuses any other value rather than reading it as on or off', () => {
    expect(() => acceleratorOff('lane', env('false'))).toThrow(
      'TESSERA_ACCELERATORS must be "on", "off" or "off:<name>,..." (or unset), got "false"',
    );
  });
});
