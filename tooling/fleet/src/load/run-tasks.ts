import { followTask, rpc as taskRpc, Unreachable, type RpcAnswer } from './task-rpc';

export interface TaskTally {
  tasks: number;
  completed: number;
  /** Failed tasks, each with the reason it carries. */
  failed: number;
  failedReasons: string[];
  /** Neither completed nor failed when the driver stopped waiting (lost or stuck): must be 0. */
  stuck: number;
  /** Tasks whose answers went to another instance than the one the `tools/call` reached. */
  answeredElsewhere: number;
  /** Answers sent through nginx instead because the chosen instance was down. */
  answeredThroughNginx: number;
  /** Tasks whose body ran on another instance than the one that created them. */
  workedElsewhere: number;
  /** Requests sent again after a refused connection or a 502 (an instance down). */
  retries: number;
  errors: string[];
  elapsedMs: number;
}

export interface RunTasksOptions {
  /** nginx's MCP endpoint. */
  url: string;
  /** The instances' own endpoints: each task is created on one and answered through the next. */
  instances: () => readonly string[];
  tasks: number;
  concurrency: number;
  /** The tool's work once answered, in ms. */
  workMs: number;
  /** How long one task may take before it counts as stuck. Default 120 s. */
  deadlineMs?: number;
  onProgress?: (done: number) => void;
}

/** One request as the fleet's client sends it: given up after 15 s. */
const rpc = (url: string, method: string, params: Record<string, unknown>, name: string): Promise<RpcAnswer> =>
  taskRpc(url, method, params, name, { clientName: 'fleet-tasks', timeoutMs: 15_000 });

/** Answers plan_service's two questions: north, morning. */
function answersFor(inputRequests: Record<string, { params?: { message?: string } }>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(inputRequests)) {
    const message = request.params?.message ?? '';
    answers[key] = {
      action: 'accept',
      content: message.startsWith('Which depot') ? { depot: 'north' } : { slot: 'morning' },
    };
  }
  return answers;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `tasks` plan_service tasks with `concurrency` in flight: each is created on instance k (straight to its
 * port), polled through nginx at the server's pollIntervalMs, and answered through instance k+1, so the step
 * that resumes it runs wherever the queue puts it. Requests refused by a dead instance go again (through
 * nginx for the direct ones). A task that is not completed or failed within the deadline counts as stuck.
 */
export async function runTasks(options: RunTasksOptions): Promise<TaskTally> {
  const tally: TaskTally = {
    tasks: options.tasks,
    completed: 0,
    failed: 0,
    failedReasons: [],
    stuck: 0,
    answeredElsewhere: 0,
    answeredThroughNginx: 0,
    workedElsewhere: 0,
    retries: 0,
    errors: [],
    elapsedMs: 0,
  };
  const note = (n: number, what: string) => {
    if (tally.errors.length < 5) tally.errors.push(`task ${n}: ${what}`);
  };
  /** Sends to `first`; while unreachable, again (to nginx when `first` is an instance) until the deadline. */
  const send = async (
    first: string,
    method: string,
    params: Record<string, unknown>,
    name: string,
    deadline: number,
    onFallback?: () => void,
  ): Promise<RpcAnswer> => {
    let target = first;
    for (;;) {
      try {
        return await rpc(target, method, params, name);
      } catch (error) {
        if (!(error instanceof Unreachable) || Date.now() > deadline) throw error;
        tally.retries++;
        if (target !== options.url) onFallback?.();
        target = options.url;
        await sleep(100);
      }
    }
  };

  const one = async (n: number): Promise<void> => {
    const deadline = Date.now() + (options.deadlineMs ?? 120_000);
    const instances = options.instances();
    const creator = instances[n % instances.length];
    const answerer = instances[(n + 1) % instances.length];
    const vehicle = `TRK-${n}`;
    const created = await send(
      creator,
      'tools/call',
      { name: 'plan_service', arguments: { vehicle, workMs: options.workMs } },
      'plan_service',
      deadline,
    );
    const taskId = created.result?.taskId as string | undefined;
    if (created.result?.resultType !== 'task' || !taskId) {
      note(n, `tools/call did not create a task: ${JSON.stringify(created.error ?? created.result)}`);
      tally.stuck++;
      return;
    }
    const pollMs = Math.min(Number(created.result.pollIntervalMs) || 1000, 1000);
    let answered = false;
    const { task } = await followTask({
      pollMs,
      deadline,
      get: () => send(options.url, 'tasks/get', { taskId }, taskId, deadline),
      onError: (what) => note(n, what),
      answer: async (parked) => {
        let viaNginx = false;
        const ack = await send(
          answerer,
          'tasks/update',
          { taskId, inputResponses: answersFor(parked.inputRequests ?? {}) },
          taskId,
          deadline,
          () => (viaNginx = true),
        ).catch((error: Error) => ({ error: { code: 0, message: error.message } }) as RpcAnswer);
        if (ack.error) note(n, `tasks/update: ${ack.error.message}`);
        else if (!answered) {
          answered = true;
          if (viaNginx) tally.answeredThroughNginx++;
          else tally.answeredElsewhere++;
        }
      },
    });
    if (task?.status === 'completed') {
      const text = String(task.result?.content?.[0]?.text ?? '');
      if (!text.startsWith(`Planned ${vehicle} at the north depot, morning.`)) {
        note(n, `unexpected result: ${text}`);
        tally.failed++;
        tally.failedReasons.push(`wrong result: ${text}`);
        return;
      }
      tally.completed++;
      const creatorId = creatorName(n, instances.length);
      if (!text.endsWith(`Worked on ${creatorId}.`)) tally.workedElsewhere++;
      return;
    }
    if (task !== undefined) {
      tally.failed++;
      tally.failedReasons.push(`${task.status}: ${task.error?.message ?? '(no reason given)'}`);
      return;
    }
    note(n, 'neither completed nor failed before the deadline');
    tally.stuck++;
  };

  const started = Date.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < options.tasks) {
      const n = next++;
      try {
        await one(n);
      } catch (error) {
        note(n, (error as Error).message);
        tally.stuck++;
      }
      options.onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  tally.elapsedMs = Date.now() - started;
  return tally;
}

/** The fleet's instance ids are i1..iN in the order of `instances`. */
function creatorName(n: number, count: number): string {
  return `i${(n % count) + 1}`;
}
