/** The `tasks` optional feature (loading/optional-features.ts): what an app that serves task tools uses. */
export { TaskRuntime } from './task-runtime';
export { TaskListenStreams } from './task-listen';
export { serveTaskCall } from './serve-task-call';
export { registerTaskMethods } from './task-methods';
