import type { InputResponses, LoggingLevel, ProgressCallback } from '@modelcontextprotocol/client';
import type { SkillsClientOptions } from '@modelcontextprotocol/client/ext/skills';
import type { LogCallback } from '../logging/log-options';
import type { InputCallbacks } from '../callbacks/input-callbacks.types';
import type { RefusePolicy } from '../callbacks/refuse-policy';
import type { LegRetryOptions } from '../rounds/leg-retry-policy';
import type { RoundHooks } from '../rounds/round-hooks.types';
import type { Sleep } from '../rounds/sleep';
import type { TaskPollOptions } from '../tasks/task-poll-policy';

/**
 * `'auto'` (default) prefers 2026-07-28 and falls back to the 2025 era; `'legacy'` connects the 2025 way without
 * probing; `{ pin: '<revision>' }` speaks exactly that revision, 2026-07-28 or any 2025-era one the SDK supports
 * (`'2025-06-18'`, ...), and fails to connect to a server that does not.
 */
export type ProtocolPreference = 'auto' | 'legacy' | { pin: string };

export interface TesseraClientOptions extends InputCallbacks {
  /** Client identity sent to the server. */
  name?: string;
  version?: string;
  protocol?: ProtocolPreference;
  /**
   * Maximum retries per call before `InputRequiredRoundsExceededError`; for a task, the most sets of questions
   * it may ask before `TaskRoundsExceededError`. Default 10.
   */
  maxRounds?: number;
  /**
   * The least severe handler log message (`ctx.log()`) the server should send: asked on every call of a
   * 2026-07-28 connection (`_meta` `io.modelcontextprotocol/logLevel`), with `logging/setLevel` on a 2025 one.
   * Default: `'info'` when `onLog` is set, else none (a 2026-07-28 server then sends no log messages).
   */
  logLevel?: LoggingLevel;
  /** Receives the server's log messages at or above `logLevel`. */
  onLog?: LogCallback;
  /** Default wall-clock limit per call, across all its rounds. None by default. */
  timeoutMs?: number;
  /** Input requests to turn down with `InputRequestRefusedError`. */
  refuse?: RefusePolicy;
  hooks?: RoundHooks;
  /** How to wait between state-only rounds; replace it to observe or speed up the backoff (tests). */
  sleep?: Sleep;
  /**
   * When the server refuses the echoed state (`-32602`, `data.reason: 'invalid_request_state'`: expired, or
   * the retry reached an instance without the key), start the flow over. Default true; counts as a round.
   */
  restartOnInvalidState?: boolean;
  /**
   * Legs (and `connect`'s handshake) that fail in a fleet (connection refused, 503 no instance or draining, a
   * store outage; 502, 504, reset where the handler may have run): sent again, bounded, with backoff. Default:
   * 10 retries, waiting 100 ms doubling up to 2 s (about 13 s in all); a leg that may have reached a handler
   * only when running it twice changes nothing (no answers, a read, a tool listed idempotent). See
   * `LegRetryOptions`; `{ maxRetries: 0 }` turns it off.
   */
  legRetry?: LegRetryOptions;
  /**
   * Tasks (`io.modelcontextprotocol/tasks`): every tool call declares the extension on the request, so a server
   * may answer with a task, which the client then follows to its result (polling at the server's
   * `pollIntervalMs`, woken sooner by the task's `notifications/tasks` on a listen stream; see
   * `TaskPollOptions`). `false` declares nothing: a server then runs an optional task tool inline and refuses a
   * required one with -32021.
   */
  tasks?: false | TaskPollOptions;
  /**
   * For `client.skills`, the SDK's `SkillsClient` options: `skipInvalid` returns invalid `skills/list` entries
   * in `invalid` instead of throwing; `parseFrontmatter` replaces the built-in YAML reader used to verify a
   * `SKILL.md`.
   */
  skills?: SkillsClientOptions;
}

/** Per-call options for the automatic loop. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRounds?: number;
  /** Run after the client's own hooks. */
  hooks?: RoundHooks;
  /** Progress notifications of every leg. */
  onprogress?: ProgressCallback;
  /** Limit per wire leg (the SDK's request timeout, 60 s unless set); `timeoutMs` bounds the whole call. */
  legTimeoutMs?: number;
  /** Seed the first leg with answers and state from an earlier round (resuming a flow). */
  inputResponses?: InputResponses;
  requestState?: string;
  allowInputRequired?: false;
  /**
   * When the server answers with a task: `'drive'` (default) follows it to its result with the callbacks;
   * `'handle'` returns a `TaskHandle` at once.
   */
  task?: 'drive';
  /** Whether a stopped call (signal, `timeoutMs`) cancels the task it was following. Default true. */
  cancelOnAbort?: boolean;
}

/** `callTool` returning a `TaskHandle` when the server answers with a task, instead of following it. */
export interface TaskHandleCallOptions extends Omit<CallOptions, 'task'> {
  task: 'handle';
}

/** Manual mode: one leg only; an `input_required` answer is returned instead of being handled. */
export interface ManualCallOptions extends Omit<CallOptions, 'allowInputRequired' | 'maxRounds' | 'task'> {
  allowInputRequired: true;
  /** As in `CallOptions`; with `'handle'`, a task answer comes back as a `TaskHandle`. */
  task?: 'drive' | 'handle';
}

export const DEFAULT_MAX_ROUNDS = 10;

export function checkMaxRounds(value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`maxRounds must be a non-negative integer, got ${value}`);
  return value;
}
