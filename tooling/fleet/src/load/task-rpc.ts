/*
 * The Tasks wire as the load drivers speak it, with no client library in between (so what is measured is
 * the server's): one JSON-RPC request over HTTP, and a task followed to a status. The fleet check and the
 * tasks bench both drive their tasks with these.
 */

import { rawRequestInit } from '@tessera/testing';

/** A JSON-RPC answer: a result or an error. */
export interface RpcAnswer {
  result?: Record<string, any>;
  error?: { code: number; message: string };
}

/** The connection was refused, or the balancer answered 502/503/504: no instance took the request. */
export class Unreachable extends Error {}

export interface RpcOptions {
  /** The `clientInfo.name` the requests carry. */
  clientName: string;
  /** Gives up on a request after this long. None by default. */
  timeoutMs?: number;
}

let rpcId = 1;

/** One 2026-07-28 request declaring the Tasks extension and form elicitation; SSE or JSON answers alike. */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  name: string,
  options: RpcOptions,
): Promise<RpcAnswer> {
  const init = rawRequestInit(
    method,
    { ...params, _meta: { 'io.modelcontextprotocol/clientInfo': { name: options.clientName, version: '0' } } },
    {
      id: rpcId++,
      capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } },
      headers: { 'mcp-name': name },
    },
  );
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      ...(options.timeoutMs !== undefined && { signal: AbortSignal.timeout(options.timeoutMs) }),
    });
  } catch (error) {
    throw new Unreachable(`${method}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status >= 502 && response.status <= 504) throw new Unreachable(`${method}: HTTP ${response.status}`);
  const json =
    text.startsWith('event:') || text.startsWith('data:')
      ? text
          .split('\n')
          .find((line) => line.startsWith('data:'))!
          .slice(5)
      : text;
  return JSON.parse(json) as RpcAnswer;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export interface FollowTaskOptions {
  /** `tasks/get` for the task. A throw is noted (`onError`) and the next poll tries again. */
  get(): Promise<RpcAnswer>;
  /**
   * Sends the answers to an `input_required` task's questions (`tasks/update`), each time a poll shows it
   * parked. Without it, the loop ends at `input_required`.
   */
  answer?(task: Record<string, any>): Promise<void>;
  /** The wait before each poll; 0 polls back to back. */
  pollMs: number;
  /** Date.now() after which the loop gives up. Default: never. */
  deadline?: number;
  onError?(what: string): void;
}

export interface FollowedTask {
  /** The task as last seen: ended, or parked when there is no `answer`; undefined if it never got there. */
  task?: Record<string, any>;
  /** `tasks/get` and `tasks/update` requests sent. */
  requests: number;
}

/** Polls a task until it ends (or parks, without `answer`), answering its questions on the way. */
export async function followTask(options: FollowTaskOptions): Promise<FollowedTask> {
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  let requests = 0;
  while (Date.now() < deadline) {
    if (options.pollMs > 0) await new Promise((resolve) => setTimeout(resolve, options.pollMs));
    let got: RpcAnswer;
    try {
      requests++;
      got = await options.get();
    } catch (error) {
      options.onError?.(`tasks/get: ${(error as Error).message}`);
      continue;
    }
    const task = got.result;
    if (!task) {
      options.onError?.(`tasks/get: ${JSON.stringify(got.error)}`);
      return { requests };
    }
    if (TERMINAL.has(task.status)) return { task, requests };
    if (task.status !== 'input_required') continue;
    if (options.answer === undefined) return { task, requests };
    requests++;
    await options.answer(task);
  }
  return { requests };
}
