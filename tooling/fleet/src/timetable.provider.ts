import { IsString, Length } from 'class-validator';
import { inject } from 'tsyringe';
import type { ServerNotifier } from '@modelcontextprotocol/server';
import { Args, Field, Provider, Resource, Tool } from '@tessera/core';
import { INSTANCE_ID } from './booking.provider';

/** The injection token of the app's notifier (`app.notify`), filled in once the app exists. */
export const NOTIFIER = Symbol.for('tessera.fleet.notifier');

/** Holds `app.notify`: providers are declared before the app that serves them is built. */
export class NotifierRef {
  current?: ServerNotifier;
}

export const TIMETABLE_URI = 'fleet://timetable';

export class TimetableNotice {
  @Field({ description: 'What changed, e.g. "north depot closed on Monday"' })
  @IsString()
  @Length(1, 200)
  notice!: string;
}

/**
 * The depots' timetable, a resource every instance serves. `post_timetable_notice` changes it on the instance
 * that serves the call and raises `resources/updated` for it: through the shared event bus, clients listening
 * on ANY instance hear it.
 */
@Provider()
export class TimetableProvider {
  /** Shared by the instances in a real deployment (a database); per process here, the notification is the point. */
  private static notices: string[] = [];

  constructor(
    @inject(INSTANCE_ID) private readonly instanceId: string,
    @inject(NOTIFIER) private readonly notifier: NotifierRef,
  ) {}

  @Resource(TIMETABLE_URI, {
    name: 'timetable',
    description: 'Depot opening times and notices',
    mimeType: 'text/plain',
  })
  timetable(): string {
    return ['north, south, harbour: 07:00-19:00', ...TimetableProvider.notices].join('\n');
  }

  @Tool({ description: 'Posts a notice to the depot timetable; everyone listening for timetable updates is told' })
  post_timetable_notice(@Args() args: TimetableNotice): string {
    TimetableProvider.notices.push(args.notice);
    this.notifier.current?.resourceUpdated(TIMETABLE_URI);
    return `posted on ${this.instanceId}`;
  }
}
