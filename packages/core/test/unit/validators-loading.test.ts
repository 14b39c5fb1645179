import { execFile } from 'node:child_process';
import path from 'node:path';

// A server whose DTOs import their decorators from `@tessera/core/validators` loads only the class-validator files
// those decorators need: never its root, libphonenumber-js or validator.js's index (3.4 MB of heap together).

const support = path.join(__dirname, '..', 'e2e', 'support');
const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'validators-loading.fixture.ts');

function run(): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['-r', path.join(support, 'register-sources.cjs'), fixture];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

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
});
