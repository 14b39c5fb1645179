import type { TransportTap } from '../client/transport-tap';
import { handOffTaskAnswer } from './task-handoff';
import type { TaskListener } from './task-listener';

/**
 * What the Tasks extension needs between the SDK client and its transport: a task answer handed to the leg that
 * sent the call (`handOffTaskAnswer`), and listen streams that declare the extension and whose acknowledgements
 * are read raw (`TaskListener`).
 */
export function tasksTransportTap(listener: TaskListener): TransportTap {
  return {
    inbound: (message) => listener.inbound(handOffTaskAnswer(message)),
    outbound: (message) => listener.outbound(message),
  };
}
