import path from 'node:path';
import { runSourceAsync } from '../e2e/support/run-source';

// Telemetry is off unless asked for, and then the OpenTelemetry API is not even loaded (memory and start-up
// of every server that does not use it); turned on, it is loaded and used.

const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'telemetry-loading.fixture.ts');

const run = (telemetry: 'on' | 'off') => runSourceAsync([fixture, telemetry]);

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
