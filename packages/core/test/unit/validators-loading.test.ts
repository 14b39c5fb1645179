import path from 'node:path';
import { runSourceAsync } from '../e2e/support/run-source';

// A server whose DTOs import their decorators from `@tessera/core/validators` loads only the class-validator files
// those decorators need: never its root, libphonenumber-js or validator.js's index (3.4 MB of heap together).

const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'validators-loading.fixture.ts');

const run = () => runSourceAsync([fixture]);

describe('@tessera/core/validators loads what the app uses', () => {
  test('a valid and an invalid call load neither the root nor its heavy dependencies; importing the root does', async () => {
    const { code, stdout, stderr } = await run();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const none = { classValidatorRoot: false, libphonenumber: false, validatorIndex: false };
    expect(JSON.parse(stdout)).toEqual({
      valid: { isError: false, text: 'welcome Ada' },
      invalid: {
        isError: true,
        text:
          'Invalid arguments for tool "signup": name: name must be shorter than or equal to 20 characters; ' +
          'email: email must be an email; age: age must not be less than 18',
      },
      afterCalls: none,
      afterRoot: { classValidatorRoot: true, libphonenumber: true, validatorIndex: true },
    });
  });

  test("with TESSERA_ACCELERATORS=off the same answers come from class-validator's root (the public path)", async () => {
    const outcome = await runSourceAsync([fixture], { env: { TESSERA_ACCELERATORS: 'off' } });
    expect(outcome.stderr).toBe('');
    const seen = JSON.parse(outcome.stdout) as Record<string, unknown>;
    const loaded = { classValidatorRoot: true, libphonenumber: true, validatorIndex: true };
    expect(seen.afterCalls).toEqual(loaded);
    expect({ valid: seen.valid, invalid: seen.invalid }).toEqual({
      valid: { isError: false, text: 'welcome Ada' },
      invalid: {
        isError: true,
        text:
          'Invalid arguments for tool "signup": name: name must be shorter than or equal to 20 characters; ' +
          'email: email must be an email; age: age must not be less than 18',
      },
    });
  });
});
