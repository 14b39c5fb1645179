import type { ServerExtension } from '../contracts/server-extension';
import type { TaskRuntime } from './task-runtime';
import { TASKS_EXTENSION } from './tasks-extension-id';
import { loadFeature } from '../loading/load-feature';

/**
 * The Tasks extension on the extensions seam: advertised (`{}`) when some tool runs as a task, and serving
 * `tasks/get`, `tasks/update` and `tasks/cancel` then. The runtime is read when a server is built, since it is
 * made once the application's runtime exists.
 */
export function tasksServerExtension(tasks: () => TaskRuntime | undefined): ServerExtension {
  return {
    id: TASKS_EXTENSION,
    setup: () => (tasks() !== undefined ? {} : undefined),
    attach: (server) => loadFeature('tasks').registerTaskMethods(server, tasks()!),
  };
}
