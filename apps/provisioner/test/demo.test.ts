import path from 'node:path';
import { silentLogger } from '@tessera/core';
import { createDecoratedProvisioner } from '../src/decorated-provisioner';
import { createLowLevelProvisioner } from '../src/low-level-provisioner';
import { runDemo } from '../src/run-demo';
import { runSource } from '../../../packages/core/test/e2e/support/run-source';

describe('the demo', () => {
  test.each([
    ['low-level', () => createLowLevelProvisioner({ logger: silentLogger })],
    ['decorated', () => createDecoratedProvisioner({ logger: silentLogger })],
  ])('prints each round and the result (%s)', async (_label, make) => {
    const server = make();
    const lines: string[] = [];
    const result = await runDemo(server, (line) => lines.push(line), 'ap-south');
    expect(result.structuredContent).toEqual({ name: 'web-1', size: 'large', region: 'ap-south' });
    expect(lines[0]).toBe('-> round 1: tools/call provision {"name":"web-1","size":"large"}');
    expect(lines[1]).toMatch(/^<- input_required: asks region; requestState v1\./);
    expect(lines[2]).toBe('   ? "Which region should web-1 run in?" -> ap-south');
    expect(lines[3]).toMatch(
      /^-> round 2: tools\/call provision .* with inputResponses .*"region":"ap-south".* and requestState \(\d+ chars\)$/,
    );
    expect(lines[4]).toBe('<- complete: {"name":"web-1","size":"large","region":"ap-south"}');
    expect(lines[5]).toBe('result: Provisioned web-1 (large) in ap-south.');
    await server.close();
  });

  test('demo.ts runs both servers and exits 0', () => {
    const run = runSource(path.join(__dirname, '..', 'src', 'demo.ts'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('== low-level provisioner');
    expect(run.stdout).toContain('result: Provisioned web-1 (large) in eu-west.');
    expect(run.stdout).toContain('== decorated provisioner');
    expect(run.stdout).toContain('result: Provisioned web-1 (large) in ap-south.');
  });
});
