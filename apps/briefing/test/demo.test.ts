import path from 'node:path';
import { runSource } from '../../../packages/core/test/e2e/support/run-source';

test("the demo (the README's main job) completes both multi-round flows and exits 0", () => {
  const run = runSource(path.join(__dirname, '..', 'src', 'demo.ts'));
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('connected, protocol 2026-07-28');
  expect(run.stdout).toMatch(/round 1: 1 question\(s\), sealed state v1\./);
  expect(run.stdout).toContain(
    '=> {"type":"text","text":"Write a briefing on the Q3 launch for executives. Lead with what they need to decide."}',
  );
  expect(run.stdout).toMatch(/round 1: 3 question\(s\)/);
  expect(run.stdout).toContain('20-minute session on the Q3 launch for executives. Agenda: risks, costs, next steps');
});
