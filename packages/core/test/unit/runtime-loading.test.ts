import path from 'node:path';
import { runSourceAsync } from '../e2e/support/run-source';

// The Tasks runtime and the SDK's skills extension are loaded by the apps that use them only: an app with
// neither never loads their modules (part of every server's start). An app with a task tool, or with skills,
// does (so the check is real).

const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'runtime-loading.fixture.ts');

const run = (kind: 'plain' | 'task' | 'skills') => runSourceAsync([fixture, kind]);

describe('runtimes loaded on demand', () => {
  test('an app without task tools or skills serves a call and loads neither', async () => {
    const { code, stdout, stderr } = await run('plain');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ text: 'hello', tasks: 0, skills: 0 });
  }, 90_000);

  test('an app with a task tool loads the Tasks runtime', async () => {
    const { code, stdout, stderr } = await run('task');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ text: 'hello', tasks: 1, skills: 0 });
  }, 90_000);

  test('an app with skills loads the extension', async () => {
    const { code, stdout, stderr } = await run('skills');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(stdout) as { text: string; skills: number };
    expect(answer.text).toBe('hello');
    expect(answer.skills).toBeGreaterThan(0);
  }, 90_000);
});
