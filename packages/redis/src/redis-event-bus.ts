import { randomUUID } from 'node:crypto';
import { checkRedisOptions } from './check-redis-options';
import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import type { RedisPubSub } from './redis-commands';

export interface RedisEventBusOptions {
  /** The client that publishes. */
  publisher: RedisPubSub;
  /** A second client, for subscribing only (a Redis connection in subscribe mode sends no other command). */
  subscriber: RedisPubSub;
  /** Default `tessera:events`. Every instance of one app uses the same channel; another app, another one. */
  channel?: string;
  /** A publish that failed, or a message on the channel that is not an event (it is dropped). */
  onError?: (error: Error) => void;
}

const EVENT_BUS_OPTIONS = { publisher: true, subscriber: true, channel: true, onError: true } as const satisfies Record<
  keyof RedisEventBusOptions,
  true
>;

/** What travels on the channel: the event, and which bus sent it (so it is not delivered twice there). */
interface Envelope {
  origin: string;
  event: ServerEvent;
}

const KINDS = new Set(['tools_list_changed', 'prompts_list_changed', 'resources_list_changed', 'resource_updated']);

/**
 * The SDK's change-event seam (`ServerEventBus`) over Redis pub/sub: `publish` delivers to this instance's
 * `subscriptions/listen` streams at once and sends the event on the channel; every other instance delivers
 * what arrives on the channel to its own streams. Delivery is at most once, as Redis pub/sub is: an
 * instance that is disconnected when an event is published misses it (clients re-list on reconnect).
 */
export class RedisEventBus implements ServerEventBus {
  private readonly id = randomUUID();
  private readonly listeners = new Set<(event: ServerEvent) => void>();
  private readonly channel: string;

  private constructor(private readonly options: RedisEventBusOptions) {
    this.channel = options.channel ?? 'tessera:events';
  }

  /** Subscribes to the channel; resolves once the subscription is in place (events from then on arrive). */
  static async start(options: RedisEventBusOptions): Promise<RedisEventBus> {
    checkRedisOptions(options, EVENT_BUS_OPTIONS, 'RedisEventBus.start');
    const bus = new RedisEventBus(options);
    await options.subscriber.subscribe(bus.channel, (message) => bus.receive(message));
    return bus;
  }

  publish(event: ServerEvent): void {
    this.deliver(event);
    const envelope: Envelope = { origin: this.id, event };
    this.options.publisher
      .publish(this.channel, JSON.stringify(envelope))
      .catch((error: unknown) => this.fail(error, 'publishing a change event failed'));
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Stops hearing the channel (the clients are the caller's to close). The unsubscribe is sent, not awaited:
   * while Redis is down a client holds it until it reconnects, and no listener is called from now on anyway
   * (closing the client settles it).
   */
  async stop(): Promise<void> {
    this.listeners.clear();
    this.options.subscriber.unsubscribe(this.channel).catch(() => undefined);
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (error) {
      this.fail(error, `a message on ${this.channel} is not JSON; dropped`);
      return;
    }
    if (envelope?.origin === this.id) return; // delivered here when published
    const event = envelope?.event;
    if (!event || !KINDS.has(event.kind) || (event.kind === 'resource_updated' && typeof event.uri !== 'string')) {
      this.fail(new Error('not a change event'), `a message on ${this.channel} is not a change event; dropped`);
      return;
    }
    this.deliver(event);
  }

  private deliver(event: ServerEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.fail(error, 'a change-event listener threw');
      }
    }
  }

  private fail(error: unknown, what: string): void {
    this.options.onError?.(
      new Error(`RedisEventBus: ${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error }),
    );
  }
}
