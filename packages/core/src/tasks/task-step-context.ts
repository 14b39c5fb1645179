import type { AuthInfo, ServerContext } from '@modelcontextprotocol/server';
import type { StoredTask } from './stored-task';

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const PROTOCOL_KEY = 'io.modelcontextprotocol/protocolVersion';

/**
 * The handler context a task's step runs under: no request is open (the step runs after `tools/call` was
 * answered, maybe on another instance), so it is built from what the task recorded: the creating request's
 * client capabilities and auth (without its token), this step's answers, and the step's abort signal.
 * There is no channel to the client: notifications and logs go nowhere, status goes through `ctx.task`.
 */
export function taskStepContext(
  task: StoredTask,
  signal: AbortSignal,
  inputResponses: Record<string, unknown> | undefined,
): ServerContext {
  const envelope: Record<string, unknown> = { [CAPABILITIES_KEY]: task.client.capabilities };
  if (task.client.protocolVersion !== undefined) envelope[PROTOCOL_KEY] = task.client.protocolVersion;
  if (task.client.info !== undefined) envelope[CLIENT_INFO_KEY] = task.client.info;
  const { resource, ...caller } = task.caller ?? { clientId: '', scopes: [] };
  const authInfo: AuthInfo | undefined = task.caller && {
    ...caller,
    token: '',
    ...(resource === undefined ? {} : { resource: new URL(resource) }),
  };
  const mcpReq = {
    id: `task:${task.taskId}`,
    method: task.method,
    _meta: {},
    envelope,
    signal,
    inputResponses,
    requestState: () => undefined,
    notify: async () => {},
    log: async () => {},
    send: async () => {
      throw new Error('a task step has no open request to the client; it asks through inputRequests');
    },
  };
  return { mcpReq, ...(authInfo ? { http: { authInfo } } : {}) } as unknown as ServerContext;
}
