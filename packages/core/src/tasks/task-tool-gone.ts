import { JsonRpcCode } from '../errors/json-rpc-codes';
import type { TaskError } from './stored-task';

/**
 * What a task ends with when its tool has been removed (`removeProvider`) or switched off (`app.tools.disable`)
 * since it began. Only the task's owner reads it, and it started the task, so naming the tool and the cause
 * tells nobody anything new (a call of the tool is still answered as an unknown one).
 */
export function toolGoneError(target: string): TaskError {
  return {
    code: JsonRpcCode.InvalidParams,
    message: `Tool "${target}" is no longer served (removed or switched off while its task was in progress); the task cannot complete.`,
  };
}
