import type { InputRequest, InputRequests, InputResponse } from '@modelcontextprotocol/client';
import type { InputKind } from '../callbacks/input-kind';
import type { McpCall } from '../flow/mcp-call';
import type { TaskRequestMethod } from '../tasks/task-request-method';
import type { TaskStatusEvent } from '../tasks/task-status-event';
import type { LegFailure } from './leg-failure';

/** One `input_required` answer, seen before the client acts on it. */
export interface RoundEvent {
  call: McpCall;
  /** 1 for the first `input_required` answer of a call, 2 for the next, ... */
  round: number;
  inputRequests: InputRequests;
  requestState?: string;
  /** True when the server sent state but no requests ("not done yet"): the client waits, then retries. */
  stateOnly: boolean;
  /** True when the server refused the echoed state and the flow starts over from its first leg. */
  restarted?: boolean;
  /** How long the client waits before this round's retry: the backoff for state-only rounds, else 0. */
  delayMs: number;
}

/** One input request about to be handed to a callback. */
export interface InputRequestEvent {
  kind: InputKind;
  request: InputRequest;
  /** Undefined for a 2025-era push request. */
  key?: string;
  call?: McpCall;
  round?: number;
}

/** One answer about to be sent back to the server. */
export interface InputResponseEvent extends InputRequestEvent {
  response: InputResponse;
}

/** One leg that failed at the balancer and is about to be sent again (`legRetry`). */
export interface LegRetryEvent {
  call: McpCall;
  /** Which leg of the call: 1 for the first, counting every leg sent (restarts too). */
  leg: number;
  /** 1 for the first retry of this leg, 2 for the next, ... */
  attempt: number;
  failure: LegFailure;
  /** Whether the leg carries answers (`inputResponses`). */
  carriesAnswers: boolean;
  /** How long the client waits before sending it again. */
  delayMs: number;
  /** What the failed attempt threw. */
  error: unknown;
}

/** A `connect` whose handshake failed in a fleet-shaped way and is about to be tried again (`legRetry`). */
export interface ConnectRetryEvent {
  /** 1 for the first retry, 2 for the next, ... */
  attempt: number;
  failure: LegFailure;
  /** How long the client waits before trying again. */
  delayMs: number;
  /** What the failed attempt threw. */
  error: unknown;
}

/** A `tasks/get`, `tasks/update` or `tasks/cancel` that failed in a fleet-shaped way and is sent again (`legRetry`). */
export interface TaskRequestRetryEvent {
  taskId: string;
  method: TaskRequestMethod;
  /** 1 for the first retry of this request, 2 for the next, ... */
  attempt: number;
  failure: LegFailure;
  /** How long the client waits before sending it again. */
  delayMs: number;
  /** What the failed attempt threw. */
  error: unknown;
}

/**
 * Audit and logging points: every round, every request seen, every answer sent. Hooks are awaited, and a hook
 * that throws fails the call (so an audit sink that must not miss a record can stop the flow).
 */
export interface RoundHooks {
  onRound?: (event: RoundEvent) => void | Promise<void>;
  onInputRequest?: (event: InputRequestEvent) => void | Promise<void>;
  onInputResponse?: (event: InputResponseEvent) => void | Promise<void>;
  /**
   * A leg failed in a fleet-shaped way (instance gone, stopping or died, a store down) and is sent again;
   * see `legRetry`.
   */
  onLegRetry?: (event: LegRetryEvent) => void | Promise<void>;
  /** `connect`'s handshake failed the same way and is tried again (client-level hooks only). */
  onConnectRetry?: (event: ConnectRetryEvent) => void | Promise<void>;
  /** A task request failed the same way and is sent again; see `legRetry`. */
  onTaskRequestRetry?: (event: TaskRequestRetryEvent) => void | Promise<void>;
  /** A task this client follows changed status or status message (its first state counts as a change). */
  onTaskStatus?: (event: TaskStatusEvent) => void | Promise<void>;
}
