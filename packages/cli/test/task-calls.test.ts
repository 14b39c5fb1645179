import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskStatusEvent } from '@tessera/client';
import { Interrupt } from '../src/input/interrupt';
import { ProgressBar } from '../src/output/progress-bar';
import { formatElapsed, TaskStatusLine, taskStatusText } from '../src/output/task-status-line';
import { startEveryFieldServer, taskEvents } from './fixtures/every-field.app';
import { runCaptured } from './fixtures/run-captured';

const STATUS = /^\[task [\w-]{8}\] /;

describe('tessera call of a task tool (no terminal)', () => {
  let server: Awaited<ReturnType<typeof startEveryFieldServer>>;
  let dir: string;

  beforeAll(async () => {
    server = await startEveryFieldServer();
    dir = mkdtempSync(join(tmpdir(), 'tessera-cli-tasks-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs each status change, answers the parked question from --answers, and prints the result', async () => {
    const answers = join(dir, 'answers.json');
    writeFileSync(answers, JSON.stringify({ how_many: { tables: 2 } }));
    const run = await runCaptured(['call', '--answers', answers, server.url, 'migrate']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('migrated 2 tables');
    const lines = run.stderr.trim().split('\n');
    // the answer taken from --answers is echoed once, as if the user had typed it; every other line is a status
    const echo = '[how_many] Migrate how many tables? accept {"tables":2} (from --answers)';
    expect(lines.filter((line) => line === echo)).toHaveLength(1);
    const statuses = lines.filter((line) => line !== echo);
    expect(statuses.every((line) => STATUS.test(line))).toBe(true);
    expect(lines.indexOf(echo)).toBeGreaterThan(lines.findIndex((line) => line.includes('waiting for your answer')));
    const seen = statuses.map((line) => line.replace(STATUS, '').replace(/ - \d+s$/, ''));
    // right after the answer the task may be seen working before its first status message, or not
    expect(seen.filter((line, i) => i === 0 || line !== 'working')).toEqual([
      'working',
      'waiting for your answer',
      'working - copying table 1 of 2',
      'working - copying table 2 of 2',
      'completed',
    ]);
  });

  it('says a failed task failed, with the server’s error, and exits 1', async () => {
    const run = await runCaptured(['call', server.url, 'broken']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/\] failed - the disk is full - \d+s\n/);
    expect(run.stderr).toMatch(/\ntessera: Task [\w-]{22} failed: the disk is full \(JSON-RPC -32001\)\.\n$/);
  });

  it('cancels the task on Ctrl+C (tasks/cancel reaches the handler) and exits 130', async () => {
    const signals = new EventEmitter();
    let sent = false;
    const run = await runCaptured(['call', server.url, 'forever'], process.cwd(), {
      signals,
      onStderr: (soFar) => {
        if (sent || !soFar.includes('waiting for a cancel')) return;
        sent = true;
        signals.emit('SIGINT');
      },
    });
    expect(run.code).toBe(130);
    const taskId = /tessera: stopped \(Ctrl\+C\): the call was abandoned; task ([\w-]{22}) was cancelled\n$/.exec(
      run.stderr,
    )?.[1];
    expect(taskId).toBeDefined();
    await waitFor(() => taskEvents.includes(`forever ${taskId}: aborted`));
    expect(signals.listenerCount('SIGINT')).toBe(0); // Ctrl+C has its default again once the call is over
  });

  it('says when a task outlived its time to live', async () => {
    const shortLived = await startEveryFieldServer({ taskTtlMs: 700 });
    try {
      const run = await runCaptured(['call', shortLived.url, 'forever']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /\ntessera: Task [\w-]{22} expired: it was created at \S+ with a time to live of 700 ms, and the server no longer has it\.\n$/,
      );
    } finally {
      await shortLived.close();
    }
  });
});

describe('the task status line', () => {
  const event = (status: TaskStatusEvent['status'], statusMessage?: string): TaskStatusEvent => ({
    taskId: '0123456789abcdef',
    status,
    ...(statusMessage !== undefined && { statusMessage }),
    task: { taskId: '0123456789abcdef', status, createdAt: '', lastUpdatedAt: '', ttlMs: null },
  });

  it('shows the status, the message (terminal-safe, on one line) and the time since the task started', () => {
    expect(taskStatusText(event('working', 'copying\n\x1b]0;table 1'), 4_200)).toBe(
      '[task 01234567] working - copying ]0;table 1 - 4s',
    );
    expect(taskStatusText(event('input_required'), 0)).toBe('[task 01234567] waiting for your answer - 0s');
    expect([59_999, 65_000, 3_720_000].map(formatElapsed)).toEqual(['59s', '1m 05s', '1h 02m']);
  });

  it('redraws the elapsed time every second on a terminal until the task ends', () => {
    jest.useFakeTimers();
    try {
      const written: string[] = [];
      const terminal = { isTTY: true, columns: 80, write: (t: string) => written.push(t) };
      let now = 1_000;
      const line = new TaskStatusLine(new ProgressBar(terminal as unknown as NodeJS.WriteStream), () => now);
      line.update(event('working', 'step 1'));
      for (let second = 0; second < 2; second++) {
        now += 1_000;
        jest.advanceTimersByTime(1_000);
      }
      line.update(event('completed'));
      now += 5_000;
      jest.advanceTimersByTime(5_000);
      expect(written.map((w) => w.replace('\r\x1b[2K', ''))).toEqual([
        '[task 01234567] working - step 1 - 0s',
        '[task 01234567] working - step 1 - 1s',
        '[task 01234567] working - step 1 - 2s',
        '[task 01234567] completed - 2s',
      ]);
      expect(line.current?.status).toBe('completed');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Interrupt', () => {
  it('aborts the call once with exit status 130; a second Ctrl+C ends at once; outside a call it listens to nothing', async () => {
    const signals = new EventEmitter();
    let again = 0;
    const interrupt = new Interrupt(signals, () => again++);
    signals.emit('SIGINT');
    expect(interrupt.signal.aborted).toBe(false);
    await interrupt.during(async () => {
      signals.emit('SIGINT');
      signals.emit('SIGINT');
    });
    expect(interrupt.reason).toMatchObject({ exitCode: 130, message: 'stopped (Ctrl+C): the call was abandoned' });
    expect(again).toBe(1);
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
