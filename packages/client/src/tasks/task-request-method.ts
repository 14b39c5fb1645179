/** The requests that act on a task by id; each is safe to send again (see `TaskRequests`). */
export type TaskRequestMethod = 'tasks/get' | 'tasks/update' | 'tasks/cancel';
