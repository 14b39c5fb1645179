import { sendRaw, type RawResponse } from '@tessera/testing';
import type { TesseraApp } from '../../../src';

export const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
export const TASKS_AND_ELICIT = { ...TASKS, elicitation: {} };

type Caps = Record<string, unknown>;

let nextId = 1;

/** One JSON-RPC request as a 2026-07-28 client sends it, `Mcp-Name` set as the extension asks for tasks/*. */
export function request(
  app: TesseraApp,
  method: string,
  params: Record<string, unknown>,
  capabilities: Caps = TASKS,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const name: Record<string, string> = typeof params.taskId === 'string' ? { 'mcp-name': params.taskId } : {};
  return sendRaw(app, method, params, { capabilities, id: nextId++, headers: { ...name, ...headers } });
}

/** The result of a request that must succeed (fails the test with the error otherwise). */
export async function result(
  app: TesseraApp,
  method: string,
  params: Record<string, unknown>,
  capabilities: Caps = TASKS,
  headers: Record<string, string> = {},
): Promise<Record<string, any>> {
  const r = await request(app, method, params, capabilities, headers);
  if (!r.body.result) throw new Error(`${method} failed: ${JSON.stringify(r.body.error ?? r.body)}`);
  return r.body.result as Record<string, any>;
}

/** The error of a request that must fail. */
export async function failure(
  app: TesseraApp,
  method: string,
  params: Record<string, unknown>,
  capabilities: Caps = TASKS,
  headers: Record<string, string> = {},
): Promise<{ code: number; message: string; data?: any }> {
  const r = await request(app, method, params, capabilities, headers);
  if (!r.body.error) throw new Error(`${method} succeeded: ${JSON.stringify(r.body.result)}`);
  return r.body.error as { code: number; message: string; data?: any };
}

/** Polls tasks/get until `until` holds (or a terminal status), 5 ms apart, at most 2 s. */
export async function waitFor(
  app: TesseraApp,
  taskId: string,
  until: (task: Record<string, any>) => boolean = (t) => ['completed', 'failed', 'cancelled'].includes(t.status),
  capabilities: Caps = TASKS,
  headers: Record<string, string> = {},
): Promise<Record<string, any>> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const task = await result(app, 'tasks/get', { taskId }, capabilities, headers);
    if (until(task) || ['completed', 'failed', 'cancelled'].includes(task.status)) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} stayed ${task.status}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
