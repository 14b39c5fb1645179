import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { InMemoryTransport, SdkError, SdkErrorCode, Server } from '@modelcontextprotocol/server';
import { asLaneExchange } from '../../src/accelerators/lane/lane-exchange';

/** A lane exchange over a linked in-memory pair, whose `onclose` records the stack trace limit it ran under. */
async function exchange() {
  const server = asLaneExchange(new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } }), undefined);
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.start();
  const seenLimits: number[] = [];
  const previous = server.onclose;
  server.onclose = () => {
    seenLimits.push(Error.stackTraceLimit);
    previous?.();
  };
  return { server, client, seenLimits };
}

describe('a lane exchange (the per-request SDK server as the fast lane runs it)', () => {
  it('closes with nothing pending without building the error nobody receives, and changes no process-wide setting', async () => {
    const { server, seenLimits } = await exchange();
    const internals = server as unknown as { _pendingDebouncedNotifications: Set<string>; transport?: unknown };
    internals._pendingDebouncedNotifications.add('notifications/tools/list_changed');
    const limit = Error.stackTraceLimit;
    await server.close();
    expect(seenLimits).toEqual([limit]); // onclose ran, under the process's own limit
    expect(Error.stackTraceLimit).toBe(limit);
    expect(internals._pendingDebouncedNotifications.size).toBe(0);
    expect(internals.transport).toBeUndefined();
  });

  it('closes a request still in flight untouched: its abort listener runs with stack traces, and the reason has one', async () => {
    const { server, client, seenLimits } = await exchange();
    let aborted: unknown;
    let limitInListener: number | undefined;
    let thrownInListener: Error | undefined;
    let handling!: () => void;
    const inHandler = new Promise<void>((resolve) => (handling = resolve));
    server.setRequestHandler(
      'tools/list',
      (_req, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.mcpReq.signal.addEventListener('abort', () => {
            limitInListener = Error.stackTraceLimit;
            thrownInListener = new Error('user code failed while aborting');
            reject((aborted = ctx.mcpReq.signal.reason));
          });
          handling();
        }),
    );
    await client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    await inHandler;
    const limit = Error.stackTraceLimit;
    await server.close();
    expect(aborted).toBeInstanceOf(SdkError);
    expect((aborted as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    expect((aborted as SdkError).stack).toContain('\n    at ');
    expect(limitInListener).toBe(limit);
    expect(thrownInListener!.stack).toContain('\n    at ');
    expect(seenLimits).toEqual([limit]);
  });
});

test('no library source sets Error.stackTraceLimit (a process-wide setting user code shares)', () => {
  const packages = path.join(__dirname, '..', '..', '..');
  const setters: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && /Error\.stackTraceLimit\s*=[^=]/.test(readFileSync(file, 'utf8')))
        setters.push(path.relative(packages, file));
    }
  };
  for (const pkg of readdirSync(packages)) {
    const src = path.join(packages, pkg, 'src');
    try {
      walk(src);
    } catch {
      // a package without src/
    }
  }
  expect(setters).toEqual([]);
});
