import type { TaskRuntime } from './task-runtime';
import type { TaskListenStreams } from './task-listen';
import type { serveTaskCall } from './serve-task-call';
import type { registerTaskMethods } from './task-methods';

/** What an app that serves task tools uses of the Tasks runtime. */
export interface TasksRuntimeModules {
  TaskRuntime: typeof TaskRuntime;
  TaskListenStreams: typeof TaskListenStreams;
  serveTaskCall: typeof serveTaskCall;
  registerTaskMethods: typeof registerTaskMethods;
}

let loaded: TasksRuntimeModules | undefined;

/**
 * Required on first use: only an app with a task tool (`@Tool({ task })`) builds a task runtime, so an app
 * without one never loads its modules (a dozen, a few ms of every server's start).
 */
export function tasksRuntime(): TasksRuntimeModules {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return (loaded ??= {
    TaskRuntime: (require('./task-runtime') as typeof import('./task-runtime')).TaskRuntime,
    TaskListenStreams: (require('./task-listen') as typeof import('./task-listen')).TaskListenStreams,
    serveTaskCall: (require('./serve-task-call') as typeof import('./serve-task-call')).serveTaskCall,
    registerTaskMethods: (require('./task-methods') as typeof import('./task-methods')).registerTaskMethods,
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
}
