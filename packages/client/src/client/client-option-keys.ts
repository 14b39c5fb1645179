import type { ConnectOptions } from '../connect/connect-target';
import { checkOneOf, checkOptions as check } from '../options/check-options';
import type { LegRetryOptions } from '../rounds/leg-retry-policy';
import type { TaskPollOptions } from '../tasks/task-poll-policy';
import type { CallOptions, ManualCallOptions, TaskHandleCallOptions, TesseraClientOptions } from './client-options';

// Every key of each options type (`satisfies` fails the build when one drifts), so a misspelt option
// (`maxRound`, `timeout`) is refused by name instead of silently ignored.
const CLIENT_OPTIONS = {
  name: true,
  version: true,
  protocol: true,
  maxRounds: true,
  logLevel: true,
  onLog: true,
  timeoutMs: true,
  refuse: true,
  hooks: true,
  sleep: true,
  restartOnInvalidState: true,
  legRetry: true,
  tasks: true,
  skills: true,
  elicitation: true,
  sampling: true,
  listRoots: true,
} as const satisfies Record<keyof TesseraClientOptions, true>;

const LEG_RETRY_OPTIONS = {
  maxRetries: true,
  initialDelayMs: true,
  maxDelayMs: true,
  uncertain: true,
} as const satisfies Record<keyof LegRetryOptions, true>;

const TASK_POLL_OPTIONS = { defaultIntervalMs: true, maxIntervalMs: true, listen: true } as const satisfies Record<
  keyof TaskPollOptions,
  true
>;

const CONNECT_OPTIONS = { timeoutMs: true, signal: true } as const satisfies Record<keyof ConnectOptions, true>;

const CALL_OPTIONS = {
  signal: true,
  timeoutMs: true,
  maxRounds: true,
  hooks: true,
  onprogress: true,
  legTimeoutMs: true,
  inputResponses: true,
  requestState: true,
  allowInputRequired: true,
  task: true,
  cancelOnAbort: true,
} as const satisfies Record<keyof CallOptions | keyof ManualCallOptions, true>;

/** `new TesseraClient(options)`: its own keys, and those of `legRetry` and `tasks`. */
export function checkClientOptions(options: TesseraClientOptions): void {
  check(options, CLIENT_OPTIONS, 'TesseraClient options');
  if (options.legRetry !== undefined) check(options.legRetry, LEG_RETRY_OPTIONS, 'TesseraClient options.legRetry');
  if (options.tasks !== undefined && options.tasks !== false)
    check(options.tasks, TASK_POLL_OPTIONS, 'TesseraClient options.tasks');
}

export function checkConnectOptions(options: ConnectOptions): void {
  check(options, CONNECT_OPTIONS, 'connect options');
}

/** A call's options (`callTool`, `getPrompt`, `readResource`, `resume`). */
export function checkCallOptions(options: CallOptions | ManualCallOptions | TaskHandleCallOptions): void {
  check(options, CALL_OPTIONS, 'call options');
  if (options.task !== undefined) checkOneOf(options.task, ['drive', 'handle'], 'call options: task');
}
