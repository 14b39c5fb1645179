import type { InputRequests } from '@modelcontextprotocol/client';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/**
 * A task kept asking: it parked `input_required` with new questions after the client had already answered
 * `maxRounds` sets of them. The client answers no more and cancels the task (it would otherwise wait for
 * answers until its time to live ran out), as it stops a multi-round-trip call past `maxRounds`.
 */
export class TaskRoundsExceededError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.TaskRoundsExceeded;

  constructor(
    readonly taskId: string,
    /** Where the task came from, e.g. `task <id> of tools/call 'deploy'`. */
    readonly where: string,
    /** The sets of questions already answered. */
    readonly rounds: number,
    readonly maxRounds: number,
    /** The questions left unanswered, as the task last showed them. */
    readonly inputRequests: InputRequests,
  ) {
    const keys = Object.keys(inputRequests).map((key) => JSON.stringify(key));
    super(
      TesseraClientErrorCode.TaskRoundsExceeded,
      `${where} asked for input again (${keys.join(', ')}) after ${rounds} answered rounds (maxRounds = ${maxRounds}); ` +
        'the client stopped answering and cancelled the task. Raise maxRounds, or follow the task by hand with ' +
        "{ task: 'handle' }.",
    );
  }
}
