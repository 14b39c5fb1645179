import 'reflect-metadata';
import { InMemoryServerEventBus, isInputRequiredResult } from '@modelcontextprotocol/server';
import {
  ConsoleLogger,
  createApp,
  RequestStateSecurity,
  type CallHandler,
  type ExecutionContext,
  type Interceptor,
  type LogFields,
  type Logger,
  type TasksOptions,
  type TesseraApp,
} from '@tessera/core';
import type { ServerEventBus } from '@modelcontextprotocol/server';
import type { SingleUseStore } from '@tessera/request-state';
import { BookingProvider, INSTANCE_ID, INSTANCE_LOGGER } from './booking.provider';
import { PlanningProvider } from './planning.provider';
import { InspectionProvider } from './inspection.provider';
import { NOTIFIER, NotifierRef, TimetableProvider } from './timetable.provider';
import { CHARGE_LEDGER, ChargeProvider } from './charges/charge.provider';
import { MemoryChargeLedger, type ChargeLedger } from './charges/charge-ledger';
import { withPauseAfterRecording } from './charges/pause-after-recording';

/** Every instance of a fleet must carry the same server name: it is the `requestState` audience. */
export const FLEET_SERVER_NAME = 'fleet';

export interface FleetAppOptions {
  /** This instance's name, reported in logs, in the `whoami` tool and in the final result text. */
  instanceId: string;
  /** The shared key ring (`keys[0]` seals, all verify). Omitted: the default process-local random key. */
  keys?: readonly Uint8Array[];
  /** Default: JSON lines on stderr, each tagged with `instance`. */
  logger?: Logger;
  /** Single-use state shared by the fleet (Redis); needs `keys`. */
  singleUse?: SingleUseStore;
  /** The change-event bus shared by the fleet (Redis pub/sub); without it, events reach this instance's listeners only. */
  events?: ServerEventBus;
  /** Where task tools' tasks live and how their steps run (Redis for a fleet); default in this process. */
  tasks?: TasksOptions;
  /** What `charge_card` charges, shared by the fleet (Redis); default in this process. */
  ledger?: ChargeLedger;
}

/** A logger that adds `instance: <id>` to every event, so the lines of a fleet can be told apart. */
export function instanceLogger(instanceId: string, inner: Logger = new ConsoleLogger({ level: 'info' })): Logger {
  const tag = (fields?: LogFields): LogFields => ({ instance: instanceId, ...fields });
  return {
    debug: (m, f) => inner.debug(m, tag(f)),
    info: (m, f) => inner.info(m, tag(f)),
    warn: (m, f) => inner.warn(m, tag(f)),
    error: (m, f) => inner.error(m, tag(f)),
  };
}

/**
 * Logs one line per leg this instance served: which tool, whether the leg continued a flow (carried a state),
 * and whether it asked questions or finished. A leg whose state is refused never gets this far: the framework
 * logs it as `requestState refused`, with the real reason, on the same logger.
 */
export class LegLogInterceptor implements Interceptor {
  constructor(private readonly logger: Logger) {}

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    // Whether this leg continued a flow: it carried a (verified) state from an earlier leg, maybe another instance's.
    const raw = ctx.sdk.mcpReq.requestState();
    const continued = raw !== undefined && raw !== null;
    try {
      const result = await next();
      if (isInputRequiredResult(result)) {
        this.logger.info('leg served', {
          method: ctx.method,
          target: ctx.target,
          continued,
          outcome: 'input_required',
          asked: Object.keys(result.inputRequests ?? {}),
        });
      } else {
        this.logger.info('leg served', { method: ctx.method, target: ctx.target, continued, outcome: 'complete' });
      }
      return result;
    } catch (error) {
      this.logger.info('leg served', { method: ctx.method, target: ctx.target, continued, outcome: 'error' });
      throw error;
    }
  }
}

/** One fleet instance's application: the booking provider, the shared key ring when given, tagged logs. */
export function createFleetApp(options: FleetAppOptions): TesseraApp {
  const logger = options.logger ?? instanceLogger(options.instanceId);
  const notifier = new NotifierRef();
  const app = createApp({
    name: FLEET_SERVER_NAME,
    version: '0.1.0',
    instructions: 'Books vehicle services. Every instance of the fleet serves every leg of a flow.',
    providers: [BookingProvider, TimetableProvider, PlanningProvider, InspectionProvider, ChargeProvider],
    services: [
      { token: INSTANCE_ID, useValue: options.instanceId },
      { token: INSTANCE_LOGGER, useValue: logger },
      { token: NOTIFIER, useValue: notifier },
      { token: CHARGE_LEDGER, useValue: options.ledger ?? new MemoryChargeLedger() },
    ],
    interceptors: [new LegLogInterceptor(logger)],
    // The same keys and the same name (the audience) on every instance: a retry may land anywhere.
    security: options.keys
      ? new RequestStateSecurity({
          keys: [...options.keys],
          singleUse: options.singleUse && withPauseAfterRecording(options.singleUse, logger),
        })
      : undefined,
    events: options.events ?? new InMemoryServerEventBus(),
    tasks: options.tasks,
    logger,
  });
  notifier.current = app.notify;
  return app;
}
