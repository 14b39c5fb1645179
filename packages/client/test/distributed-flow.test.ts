import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TesseraClient } from '../src';
import { buildClientPackage } from './fixtures/build-client.fixture';
import type { SeenLeg } from './fixtures/mrtr-server.fixture';
import { createFixtureHandler, startHttpServer, type RunningHttpServer } from './fixtures/serve-fixture.fixture';

const run = promisify(execFile);
const CHILD = join(__dirname, 'fixtures', 'flow-child.cjs');

describe('a flow started in one process and finished in another (real HTTP on 127.0.0.1)', () => {
  // Spawned processes transpile the sources on first load (a cold cache on a clean CI clone) on a loaded
  // 2-core machine: four concurrent spawns took 33 s there, so the margin is wide.
  jest.setTimeout(120_000);

  let seen: SeenLeg[];
  let server: RunningHttpServer;
  let dir: string;

  beforeAll(async () => {
    buildClientPackage();
    seen = [];
    server = await startHttpServer(createFixtureHandler(seen));
    dir = mkdtempSync(join(tmpdir(), 'tessera-flow-'));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the record in process A and completes it from process B', async () => {
    const file = join(dir, 'flow.json');
    const a = JSON.parse((await run(process.execPath, [CHILD, 'start', server.url, file])).stdout) as {
      pid: number;
      protocolVersion: string;
    };
    expect(a.protocolVersion).toBe('2026-07-28');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      method: 'tools/call',
      name: 'interview',
      arguments: { topic: 'relay' },
      requestState: '[]',
      inputResponses: { q1: { action: 'accept', content: { name: 'first-1' } } },
    });

    const b = JSON.parse((await run(process.execPath, [CHILD, 'finish', server.url, file])).stdout) as {
      pid: number;
      result: { content: unknown };
    };
    expect(b.pid).not.toBe(a.pid);
    expect(b.result.content).toEqual([{ type: 'text', text: 'relay: first-1 > second-1 > second-2' }]);
    // Process B's first leg carried process A's answer and the server's state unchanged.
    const legs = seen.filter((leg) => leg.target === 'interview');
    expect(legs.map((leg) => leg.requestState)).toEqual([undefined, '[]', '["first-1"]', '["first-1","second-1"]']);
    expect(legs[1]!.inputResponses).toEqual({ q1: { action: 'accept', content: { name: 'first-1' } } });
  });

  it('sends bearer headers over HTTP', async () => {
    const headers: (string | null)[] = [];
    const handler = createFixtureHandler();
    const spy = await startHttpServer({
      ...handler,
      fetch: (request: Request, ...rest: unknown[]) => {
        headers.push(request.headers.get('authorization'));
        return (handler.fetch as (...args: unknown[]) => Promise<Response>)(request, ...rest);
      },
    } as typeof handler);
    const client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { name: 'H' } }) });
    try {
      await client.connect({ url: spy.url, headers: { Authorization: 'Bearer t0ken' } });
      const result = await client.callTool({ name: 'greet', arguments: { greeting: 'Hey' } });
      expect(result.content).toEqual([{ type: 'text', text: 'Hey, H' }]);
      expect(headers.length).toBeGreaterThanOrEqual(3);
      expect(new Set(headers)).toEqual(new Set(['Bearer t0ken']));
    } finally {
      await client.close();
      await spy.close();
    }
  });
});
