import { ProtocolError } from '@modelcontextprotocol/server';
import { logWithRef } from '../errors/masked-internal-error';
import { storeUnavailable } from '../errors/store-unavailable';
import type { Logger } from '../logging/logger';

/** Which task surface met the outage, for the log line. */
export interface TaskSurface {
  method: string;
  /** The tool (creating call) or task id. */
  target?: string;
}

/**
 * Awaits work of the task store or queue on a task surface (a task tool's creating call, `tasks/get`,
 * `tasks/update`, `tasks/cancel`, a task listen stream). A failure there is the store's, not the caller's,
 * and transient, as the single-use store's: it is logged server-side with a reference and answered as the
 * retryable -31503 (`storeUnavailable`) that single-use legs answer, so no
 * driver's own text ("The client is offline", ECONNREFUSED ...) reaches the client. A `ProtocolError` is
 * an answer the store chose and passes as it is.
 */
export async function reachTaskStore<T>(logger: Logger, surface: TaskSurface, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProtocolError || ProtocolError.isInstance(error)) throw error;
    const ref = logWithRef(logger, 'task store or queue unavailable: request refused', { ...surface, error });
    throw storeUnavailable(`the task store did not answer; send the request again (ref ${ref})`);
  }
}
