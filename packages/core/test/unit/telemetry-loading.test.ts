import { execFile } from 'node:child_process';
import path from 'node:path';

// Telemetry is off unless asked for, and then the OpenTelemetry API is not even loaded (memory and start-up
// of every server that does not use it); turned on, it is loaded and used.

const support = path.join(__dirname, '..', 'e2e', 'support');
const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'telemetry-loading.fixture.ts');

function run(telemetry: 'on' | 'off'): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['-r', path.join(support, 'register-sources.cjs'), fixture, telemetry];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('loading the OpenTelemetry API', () => {
  test('an app without telemetry serves a call and never loads it', async () => {
    const { code, stdout, stderr } = await run('off');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ text: 'hello', loaded: 0 });
  }, 90_000);

  test('an app with telemetry loads it (so the check above is real)', async () => {
    const { code, stdout, stderr } = await run('on');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(stdout) as { text: string; loaded: number };
    expect(answer.text).toBe('hello');
    expect(answer.loaded).toBeGreaterThan(0);
  }, 90_000);
});
